/**
 * What every event sub-page needs before its own content: the event from the device database,
 * its members and the user's membership. While the device has not heard of the event (and has not
 * synced yet) the page is loading; an event that is gone, or that the user is not a member of,
 * shows the not-a-member page.
 */
import { useMemo } from 'react';
import type { EventRow } from './sync/event-rows.ts';
import type { MemberRow } from './sync/member-rows.ts';
import { useEventLookup } from './use-event-lookup.ts';
import { useEventMembers } from './use-members.ts';
import { useSyncStatus } from '../../data/index.ts';
import { useAuthStore } from '../auth/index.ts';
import { isManagerRole } from './event-rules.ts';

export type EventPage =
  | { status: 'loading' | 'not-member' }
  | {
      status: 'ready';
      event: EventRow;
      members: MemberRow[];
      me: MemberRow;
      myUserId: string;
      isManager: boolean;
      /** Each member's name, else email, else 'A member'. */
      names: ReadonlyMap<string, string>;
    };

interface Options {
  /** Also wait for the first sync when the user is not among the members yet (they may be on their way). */
  waitForMembership?: boolean;
}

export function useEventPage(eventId: string, { waitForMembership = false }: Options = {}): EventPage {
  const lookup = useEventLookup(eventId);
  const members = useEventMembers(eventId);
  const hasSynced = useSyncStatus((status) => status.lastSyncedAt !== null);
  const myUserId = useAuthStore((state) => state.session?.user.id ?? null);
  const names = useMemo(
    () => new Map(members.map((member) => [member.user_id, member.name ?? member.email ?? 'A member'])),
    [members],
  );
  const me = members.find((member) => member.user_id === myUserId);
  if (lookup.status === 'loading' || (!hasSynced && (lookup.status === 'missing' || (waitForMembership && !me)))) {
    return { status: 'loading' };
  }
  if (lookup.status === 'missing' || !me || !myUserId) return { status: 'not-member' };
  return {
    status: 'ready',
    event: lookup.event,
    members,
    me,
    myUserId,
    isManager: isManagerRole(me.role),
    names,
  };
}
