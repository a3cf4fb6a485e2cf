/**
 * The crew's readiness for one event, from the device database: per member their newest ready
 * device and whether it holds the event's latest change (a copy older than it is not ready).
 */
import { useDeviceQuery } from '../../../data/use-device-query.ts';
import type { MemberRow } from '../sync/member-rows.ts';
import { latestChange } from './latest-change.ts';

export interface MemberReadiness {
  userId: string;
  name: string;
  /** The newest time one of their devices was fully ready, or null when none ever was. */
  readyAt: number | null;
  appVersion: string | null;
  isReady: boolean;
}

export function useCrewReadiness(
  eventId: string,
  members: MemberRow[],
  names: ReadonlyMap<string, string>,
): MemberReadiness[] | null {
  const data = useDeviceQuery(
    async (db) => ({
      rows: await db.deviceReadiness.where('event_id').equals(eventId).toArray(),
      latest: await latestChange(db, eventId),
    }),
    [eventId],
    null,
  );
  if (!data) return null;
  return members.map((member) => {
    const newest = data.rows
      .filter((row) => row.user_id === member.user_id)
      .sort((a, b) => Date.parse(b.ready_at) - Date.parse(a.ready_at))[0];
    const readyAt = newest ? Date.parse(newest.ready_at) : null;
    return {
      userId: member.user_id,
      name: names.get(member.user_id) ?? 'A member',
      readyAt,
      appVersion: newest?.app_version ?? null,
      isReady: readyAt !== null && readyAt >= data.latest,
    };
  });
}
