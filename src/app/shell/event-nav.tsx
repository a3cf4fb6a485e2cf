import { Button, Heading, Stack } from '@chakra-ui/react';
import {
  CalendarDays,
  Car,
  LayoutDashboard,
  ListChecks,
  Map,
  MessageCircle,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useLocation } from 'react-router';
import { useEventActivity } from '../../features/activity/index.ts';
import type { CurrentUser } from '../../features/auth/index.ts';
import type { EventContext } from '../../features/events/index.ts';
import { paths, type EventSection } from '../../lib/paths.ts';
import { EVENT_LINKS, lockedReason } from '../../access/event-links.ts';
import { NavItem } from './nav-item.tsx';

const ICONS: Record<EventSection, LucideIcon> = {
  chat: MessageCircle,
  checklists: ListChecks,
  expenses: Wallet,
  schedule: CalendarDays,
  transport: Car,
  'camp-planner': Map,
};

interface EventNavProps {
  eventId: string;
  event: EventContext | null;
  user: CurrentUser | null;
  onOpenMembers(): void;
}

/** The sidebar's section for the event of an /events/{id} path, each page marked with what is new there. */
export function EventNav({ eventId, event, user, onOpenMembers }: EventNavProps) {
  const activity = useEventActivity(eventId);
  // The page open now has nothing new: it is being looked at.
  const current = useLocation().pathname.split('/')[3];
  return (
    <Stack as="section" aria-label="Event" gap="1">
      <Heading as="h2" textStyle="xs" textTransform="uppercase" letterSpacing="wider" color="fg.muted" px="3" pt="2">
        {event?.name ?? 'This event'}
      </Heading>
      <Button variant="outline" size="sm" justifyContent="start" mx="1" my="1" onClick={onOpenMembers}>
        <Users aria-hidden />
        Members
      </Button>
      <NavItem to={paths.event.href(eventId)} end label="Overview" icon={LayoutDashboard} />
      {EVENT_LINKS.map((item) => (
        <NavItem
          key={item.section}
          to={paths.eventSection.href(eventId, item.section)}
          label={item.label}
          icon={ICONS[item.section]}
          lockedReason={lockedReason(item.accessKey, user, event)}
          count={item.section === current ? 0 : activity[item.section]}
        />
      ))}
    </Stack>
  );
}
