/** Per event on the device: how many members it has and the signed-in user's role in it (dashboard cards). */
import { memberRowSchema } from './sync/index.ts';
import { parseRows } from '../../db/validated-read.ts';
import type { MemberRow } from './sync/member-rows.ts';
import type { CrewCampDb } from '../../db/crewcamp-db.ts';

export interface MemberSummary {
  count: number;
  myRole: MemberRow['role'] | null;
}

/**
 * Counting needs only the event_id index (no rows read back and parsed: a crew of 1,000 on the
 * device would cost a frame or two each time one member row changes); the rows read whole are the
 * user's own memberships, one per event. The home reads it inside its own read (use-home-needs.ts).
 */
export async function readMemberSummaries(db: CrewCampDb, userId: string): Promise<Record<string, MemberSummary>> {
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
}
