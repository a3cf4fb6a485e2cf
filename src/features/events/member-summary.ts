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
 * device would cost a frame or two each time one member row changes), and no walk over it either:
 * the index's distinct event ids, then one native count per event. A key cursor over 1,000 members
 * is 1,000 tasks on the main thread (bench/home.ts). The rows read whole are the user's own
 * memberships, one per event. The home reads it inside its own read (use-home-needs.ts).
 */
export async function readMemberSummaries(db: CrewCampDb, userId: string): Promise<Record<string, MemberSummary>> {
  const [eventIds, mine] = await Promise.all([
    db.members.orderBy('event_id').uniqueKeys(),
    db.members.where('user_id').equals(userId).toArray(),
  ]);
  const ids = eventIds.filter((id): id is string => typeof id === 'string');
  const counts = await Promise.all(ids.map((eventId) => db.members.where('event_id').equals(eventId).count()));
  const summary: Record<string, MemberSummary> = {};
  ids.forEach((eventId, i) => (summary[eventId] = { count: counts[i], myRole: null }));
  for (const member of parseRows(memberRowSchema, mine)) {
    (summary[member.event_id] ??= { count: 0, myRole: null }).myRole = member.role;
  }
  return summary;
}
