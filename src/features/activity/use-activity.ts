/** Live "what is new" for an event's navigation, and the visit a page records (with what was new when it opened). */
import { useEffect, useState } from 'react';
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { useSyncSession } from '../../data/use-sync-session.ts';
import {
  eventsActivity,
  lastVisit,
  recordVisit,
  type ActivityCounts,
  type TrackedSection,
} from './section-activity.ts';

const NOTHING: ActivityCounts = { chat: 0, checklists: 0, expenses: 0, schedule: 0, transport: 0, 'camp-planner': 0 };

/** Per page of the event: unread chat, and rows others changed since my last visit. */
export function useEventActivity(eventId: string | null): ActivityCounts {
  return useDeviceQuery(
    async (db, me) => (eventId ? ((await eventsActivity(db, me, [eventId])).get(eventId) ?? NOTHING) : NOTHING),
    [eventId],
    NOTHING,
  );
}

/**
 * Records a visit to a page of an event (when it opens and when it closes) and answers the visit
 * before this one: rows others changed after it are new to the member (highlighted on the page).
 */
export function useSectionVisit(eventId: string | null | undefined, section: TrackedSection): string | null {
  const session = useSyncSession();
  const [since, setSince] = useState<{ key: string; at: string | null } | null>(null);
  const key = `${eventId ?? ''}|${section}`;
  useEffect(() => {
    if (!session || !eventId) return;
    let isCurrent = true;
    void (async () => {
      const previous = await lastVisit(session.db, session.userId, eventId, section);
      if (isCurrent) setSince({ key, at: previous });
      await recordVisit(session.db, eventId, section);
    })();
    return () => {
      isCurrent = false;
      void recordVisit(session.db, eventId, section);
    };
  }, [session, eventId, section, key]);
  return since?.key === key ? since.at : null;
}
