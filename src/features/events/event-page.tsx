import { Badge, Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { ReplacedNotices } from '../../components/replaced-notices.tsx';
import { EVENT_EDIT_GROUPS } from './sync/event-kinds.ts';
import { Pencil } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { EventMembersDialog } from './members/event-members-dialog.tsx';
import { CrewCard } from './crew-card.tsx';
import { EventDetailsCard } from './event-details-card.tsx';
import { JoinLinkCard } from './join-link-card.tsx';
import { BrandingCard } from './branding/branding-card.tsx';
import { AnnouncementsCard } from './announcements/announcements-card.tsx';
import { PinnedAnnouncements } from './announcements/pinned-announcements.tsx';
import { EventPageFallback } from './event-page-fallback.tsx';
import { EventNotesCard } from './notes/event-notes-card.tsx';
import { ReadyCard } from './readiness/ready-card.tsx';
import { useEventPage } from './use-event-page.ts';

const EditEventDialog = lazy(async () => ({ default: (await import('./edit-event-dialog.tsx')).EditEventDialog }));

const STATUS_LABELS = { active: 'Active', past: 'Past', deleted: 'Deleted' } as const;

/**
 * `/events/{id}`: the overview (priority announcements pinned on top; details, editable by managers;
 * announcements; who is coming; the join link and QR code).
 */
export function EventPage() {
  const { eventId = '' } = useParams();
  const page = useEventPage(eventId);
  const [isEditing, setEditing] = useState(false);
  // `?invite=1` (just created): the members dialog opens at once to invite the crew. The address
  // forgets it at once, so a reload does not open it again after the user closed it. The dialog
  // stays open (and keeps its state) while the page of an offline-made event moves to its real id.
  const [search, setSearch] = useSearchParams();
  const [isMembersOpen, setMembersOpen] = useState(() => search.get('invite') === '1');
  useEffect(() => {
    if (search.has('invite'))
      setSearch(
        (params) => {
          params.delete('invite');
          return params;
        },
        { replace: true },
      );
  }, [search, setSearch]);
  const closeMembers = () => setMembersOpen(false);
  // The page draws first and the invite step a moment later: a new event's page shows at once after
  // the tap on Create, and the dialog (its tabs, form and lists) renders in the background. Only the
  // opening waits: a close takes effect at once.
  const showMembers = useDeferredValue(isMembersOpen, false) && isMembersOpen;

  // The dialogs stay in place (their key) while the page reloads its rows (an offline-made event's real id).
  const dialogs = (
    <Suspense key="dialogs" fallback={null}>
      {isEditing && page.status === 'ready' ? (
        <EditEventDialog event={page.event} onClose={() => setEditing(false)} />
      ) : null}
      {showMembers && page.status !== 'not-member' ? (
        <EventMembersDialog isOpen eventId={eventId} onClose={closeMembers} />
      ) : null}
    </Suspense>
  );
  if (page.status !== 'ready')
    return (
      <>
        <EventPageFallback page={page} loadingText="Loading the event..." />
        {dialogs}
      </>
    );
  const { event, members, myUserId, isManager, names } = page;
  // Announcements and following are organizer features (priority_notifications).
  const hasAnnouncements = event.access_tier === 'organizer' && event.status !== 'deleted';
  return (
    <>
      <PageHeader title={event.name}>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Badge variant="subtle" colorPalette={event.status === 'active' ? 'forest' : 'gray'}>
            {STATUS_LABELS[event.status]}
          </Badge>
          {isManager && event.status !== 'deleted' ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Edit details
            </Button>
          ) : null}
        </HStack>
      </PageHeader>
      <ReplacedNotices
        rows={[{ ...event, title: event.name }]}
        groups={EVENT_EDIT_GROUPS}
        myUserId={myUserId}
        names={names}
      />
      {hasAnnouncements ? <PinnedAnnouncements eventId={event.id} names={names} /> : null}
      <EventNotesCard page={page} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Stack gap="4">
          <EventDetailsCard event={event} />
          {hasAnnouncements ? <AnnouncementsCard eventId={event.id} isManager={isManager} names={names} /> : null}
          <CrewCard members={members} myUserId={myUserId} onOpenMembers={() => setMembersOpen(true)} />
        </Stack>
        <Stack gap="4">
          {event.status === 'deleted' ? null : <JoinLinkCard eventId={event.id} eventName={event.name} />}
          <ReadyCard eventId={event.id} members={members} myUserId={myUserId} isManager={isManager} names={names} />
          {isManager && event.status !== 'deleted' ? <BrandingCard event={event} /> : null}
        </Stack>
      </SimpleGrid>
      {dialogs}
    </>
  );
}
