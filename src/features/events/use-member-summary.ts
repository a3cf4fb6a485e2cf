/** Per event on the device: how many members it has and the signed-in user's role in it (dashboard cards). */
import { memberRowSchema } from './sync/index.ts';
import { parseRows } from '../../db/validated-read.ts';
import type { MemberRow } from './sync/member-rows.ts';
import { useDeviceQuery } from '../../data/use-device-query.ts';

export interface MemberSummary {
  count: number;
  myRole: MemberRow['role'] | null;
}

const EMPTY: Record<string, MemberSummary> = {};

export function useMemberSummaries(): Record<string, MemberSummary> {
  return useDeviceQuery(
    async (db, userId) => {
      // Counting needs only the event_id index (no rows read back and parsed: a crew of 1,000 on
      // the device would cost a frame or two each time one member row changes); the rows read
      // whole are the user's own memberships, one per event.
      const [eventIds, mine] = await Promise.all([
        db.members.orderBy('event_id').keys(),
        db.members.where('user_id').equals(userId).toArray(),
      ]);
      const summary: Record<string, MemberSummary> = {};
      for (const eventId of eventIds) {
        if (typeof eventId === 'string') (summary[eventId] ??= { count: 0, myRole: null }).count += 1;
      }
      for (const member of parseRows(memberRowSchema, mine)) {
        (summary[member.event_id] ??= { count: 0, myRole: null }).myRole = member.role;
      }
      return summary;
    },
    [],
    EMPTY,
  );
}
