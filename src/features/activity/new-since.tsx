import { Badge } from '@chakra-ui/react';
import { createContext, use, type ReactNode } from 'react';
import { useSyncSession } from '../../data/use-sync-session.ts';
import { isNewSince, type Change, type TrackedSection } from './section-activity.ts';
import { useSectionVisit } from './use-activity.ts';

const NewSince = createContext<{ since: string | null; me: string } | null>(null);

/**
 * Around a page of an event: records the member's visit, and lets the page's rows ask whether they
 * are new to the member (changed by someone else since the visit before this one).
 */
export function NewSinceProvider({
  eventId,
  section,
  children,
}: {
  eventId: string | null | undefined;
  section: TrackedSection;
  children: ReactNode;
}) {
  const since = useSectionVisit(eventId, section);
  const me = useSyncSession()?.userId ?? '';
  return <NewSince value={{ since, me }}>{children}</NewSince>;
}

/** Whether a row is new to the member on this page (false outside a NewSinceProvider). */
export function useIsNew(change: Change): boolean {
  return useIsAnyNew([change]);
}

/** Whether any of a row's changes is new to the member (a ride and the seats taken in it, say). */
export function useIsAnyNew(changes: readonly Change[]): boolean {
  const context = use(NewSince);
  return context ? changes.some((change) => isNewSince(change, context.since, context.me)) : false;
}

/** The highlight of a new row: props for its container (a tinted background and a mark for tests). */
export const newRowProps = (isNew: boolean) =>
  isNew ? ({ bg: 'ember.subtle', 'data-new': 'true', rounded: 'md' } as const) : ({} as const);

/** The "New" label beside a row's title. */
export function NewBadge({ isNew }: { isNew: boolean }) {
  return isNew ? (
    <Badge size="sm" variant="solid" colorPalette="ember" alignSelf="start">
      New
    </Badge>
  ) : null;
}

/**
 * Records the member's visits to a page that does not highlight its new rows itself (no
 * NewSinceProvider: expenses and the site planner), so its marker drops once it was looked at.
 */
export function RecordVisit({ eventId, section }: { eventId: string; section: TrackedSection }) {
  useSectionVisit(eventId, section);
  return null;
}
