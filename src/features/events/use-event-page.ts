/**
 * What every event sub-page needs before its own content: the event from the device database,
 * its members and the user's membership. While the device has not heard of the event (and has not
 * synced yet) the page is loading; an event that is gone, or that the user is not a member of,
 * shows the not-a-member page.
 *
 * The event and its members are read together, and an offline-made event's local id (`temp-…`)
 * is read as its real id once the server has it: when the create is answered the rows move to the
 * real id, and the page (still at the local id, then moved to the real one, TempIdRedirect) goes
 * on showing the event instead of a moment of "not a member" between the move and the address.
 */
import { useMemo } from 'react';
import { eventRowSchema, memberRowSchema, type EventRow } from './sync/index.ts';
import type { MemberRow } from './sync/member-rows.ts';
import { byRankAndName } from './use-members.ts';
import { useSyncStatus } from '../../data/index.ts';
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { parseRow, parseRows } from '../../db/validated-read.ts';
import { isTempId, realIdOf } from '../../sync/temp-ids.ts';
import { useAuthStore } from '../auth/index.ts';
import { isManagerRole } from './event-rules.ts';

/** The device's rows of one event, as read for the address `forId`. */
interface EventRows {
  forId: string;
  event: EventRow | null;
  members: MemberRow[];
}

const NO_MEMBERS: MemberRow[] = [];

/**
 * The event's rows; null while they are read. A live query keeps its last answer while it reads
 * for a new address: an answer for another address counts only when it is the same event (an
 * offline-made event's page moving to its real id), never another event's rows.
 */
function useEventRows(eventId: string): EventRows | null {
  const rows = useDeviceQuery<EventRows | null>(
    async (db) => {
      const read = (id: string) =>
        Promise.all([db.events.get(id), db.members.where('event_id').equals(id).toArray()] as const);
      let [event, members] = await read(eventId);
      // Moved to its real id since (the meta store is read only then: the engine writes it often).
      if (!event && isTempId(eventId)) [event, members] = await read(await realIdOf(db, eventId));
      return {
        forId: eventId,
        event: parseRow(eventRowSchema, event) ?? null,
        members: byRankAndName(parseRows(memberRowSchema, members)),
      };
    },
    [eventId],
    null,
  );
  return rows && (rows.forId === eventId || rows.event?.id === eventId) ? rows : null;
}

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
  const rows = useEventRows(eventId);
  const members = rows?.members ?? NO_MEMBERS;
  const hasSynced = useSyncStatus((status) => status.lastSyncedAt !== null);
  const myUserId = useAuthStore((state) => state.session?.user.id ?? null);
  const names = useMemo(
    () => new Map(members.map((member) => [member.user_id, member.name ?? member.email ?? 'A member'])),
    [members],
  );
  const me = members.find((member) => member.user_id === myUserId);
  if (!rows || (!hasSynced && (!rows.event || (waitForMembership && !me)))) return { status: 'loading' };
  if (!rows.event || !me || !myUserId) return { status: 'not-member' };
  return {
    status: 'ready',
    event: rows.event,
    members,
    me,
    myUserId,
    isManager: isManagerRole(me.role),
    names,
  };
}
