/** Live member list of one event (creator first, then by name), with each member's name and avatar. */
import type { MemberRow } from '../db/row-schemas.ts';
import { parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const EMPTY: MemberRow[] = [];
const RANK = { creator: 0, admin: 1, member: 2 } as const;

export function useEventMembers(eventId: string | null | undefined): MemberRow[] {
  return useDeviceQuery(
    async (db) => {
      if (!eventId) return EMPTY;
      const rows = parseRows('members', await db.members.where('event_id').equals(eventId).toArray());
      return rows.sort((a, b) => RANK[a.role] - RANK[b.role] || (a.name ?? '').localeCompare(b.name ?? ''));
    },
    [eventId],
    EMPTY,
  );
}
