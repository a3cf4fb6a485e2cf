/** Live member list of one event (creator first, then by name), with each member's name and avatar. */
import { useRowsWhere } from '../../data/use-rows.ts';
import { memberRowSchema, type MemberRow } from './sync/index.ts';

const RANK = { creator: 0, admin: 1, member: 2 } as const;

/** Creator first, then admins, then members, each by name (sorts `rows` in place). */
export const byRankAndName = (rows: MemberRow[]) =>
  rows.sort((a, b) => RANK[a.role] - RANK[b.role] || (a.name ?? '').localeCompare(b.name ?? ''));

export const useEventMembers = (eventId: string | null | undefined) =>
  useRowsWhere('members', memberRowSchema, 'event_id', eventId, { then: byRankAndName });
