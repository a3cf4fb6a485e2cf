/** The activity feature's public API: what is new on an event's pages since the member last looked. */
export { useEventActivity } from './use-activity.ts';
export { ACTIVITY_TABLES, eventsActivity } from './section-activity.ts';
export type { ActivityCounts } from './section-activity.ts';
export { NewBadge, NewSinceProvider, newRowProps, RecordVisit, useIsAnyNew, useIsNew } from './new-since.tsx';
