import { NotAMember, PageLoading } from '../../components/page-states.tsx';
import type { EventPage } from './use-event-page.ts';

/** An event page that is not ready: loading (with the page's own words), or not a member. */
export function EventPageFallback({ page, loadingText }: { page: EventPage; loadingText: string }) {
  return page.status === 'loading' ? <PageLoading text={loadingText} /> : <NotAMember />;
}
