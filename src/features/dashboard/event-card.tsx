import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarDays, EllipsisVertical, MapPin, RotateCcw, Users } from 'lucide-react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { shallow } from 'zustand/shallow';
import { paths } from '../../lib/paths.ts';
import { OnDemandButton } from '../../components/on-demand-button.tsx';
import type { EventRow } from '../events/index.ts';
import type { MemberSummary } from '../events/index.ts';
import { formatDateRange } from '../events/index.ts';
import { useOnDemand } from '../../lib/lazy-page.ts';
import type { EventActionsMenuProps } from './event-actions-menu.tsx';
import type { EventAction } from './event-actions.ts';
import { EventNeedsLines, needsLines } from './event-needs-lines.tsx';
import { timingText, type EventNeeds } from './home-needs.ts';
import type { EventSection } from '../../lib/paths.ts';

const ROLE_LABELS = { creator: 'Creator', admin: 'Admin', member: 'Member' } as const;

const loadActionsMenu = () => import('./event-actions-menu.tsx');

/** The actions button; the menu's code loads when it is first opened. */
function EventActions(props: EventActionsMenuProps) {
  const menu = useOnDemand(loadActionsMenu);
  if (menu.module) return <menu.module.EventActionsMenu {...props} />;
  return (
    <OnDemandButton label={`Actions for ${props.eventName}`} popup="menu" onDemand={menu}>
      <EllipsisVertical />
    </OnDemandButton>
  );
}

interface EventCardProps {
  event: EventRow;
  summary: MemberSummary | undefined;
  /** What needs me in this event (the home's lines); undefined while the device is read. */
  needs: EventNeeds | undefined;
  /** Whether a page of this event is open to me (not locked by its tier). */
  isOpen(eventId: string, section: EventSection): boolean;
  onAction(eventId: string, action: EventAction): void;
}

/** A card renders again only when its own event or crew changed (not when another card's did). */
function sameCard(before: EventCardProps, after: EventCardProps): boolean {
  return (
    before.onAction === after.onAction &&
    before.isOpen === after.isOpen &&
    shallow(before.event, after.event) &&
    JSON.stringify(before.needs ?? null) === JSON.stringify(after.needs ?? null) &&
    shallow(before.summary ?? null, after.summary ?? null)
  );
}

/** One event on the home: name (opens it), when, dates, place, crew size, my role, what needs me, and its actions. */
export const EventCard = memo(function EventCard({
  event,
  summary,
  needs,
  isOpen,
  onAction: onEventAction,
}: EventCardProps) {
  const onAction = (action: EventAction) => onEventAction(event.id, action);
  const dates = formatDateRange(event.start_date, event.end_date);
  const isCreator = summary?.myRole === 'creator';
  const isDeleted = event.status === 'deleted';
  const isSaving = event.id.startsWith('temp-');
  const actions: { value: Exclude<EventAction, 'restore'>; label: string }[] = [
    ...(isDeleted ? [] : [{ value: 'leave' as const, label: 'Leave event' }]),
    ...(isCreator && !isDeleted ? [{ value: 'delete' as const, label: 'Delete event' }] : []),
    ...(isCreator ? [{ value: 'delete-for-good' as const, label: 'Delete for good' }] : []),
  ];
  return (
    <Stack as="article" aria-label={event.name} bg="bg.panel" borderWidth="1px" rounded="xl" p="4" gap="3" minW="0">
      <HStack align="start" gap="2">
        <Stack gap="1" flex="1" minW="0">
          {isDeleted ? (
            <Text fontWeight="semibold" textStyle="lg" truncate>
              {event.name}
            </Text>
          ) : (
            <Box asChild fontWeight="semibold" textStyle="lg" color="fg" _hover={{ color: 'forest.fg' }} truncate>
              <RouterLink to={paths.event.href(event.id)}>{event.name}</RouterLink>
            </Box>
          )}
          <HStack gap="2" wrap="wrap">
            {summary?.myRole ? (
              <Badge variant="subtle" colorPalette={summary.myRole === 'member' ? 'gray' : 'forest'}>
                {ROLE_LABELS[summary.myRole]}
              </Badge>
            ) : null}
            {needs && !isDeleted ? (
              <Badge
                variant={needs.timing.kind === 'now' ? 'solid' : 'subtle'}
                colorPalette={needs.timing.kind === 'now' ? 'ember' : needs.timing.kind === 'past' ? 'gray' : 'forest'}
              >
                {timingText(needs.timing)}
              </Badge>
            ) : null}
            {isSaving ? <Badge variant="outline">Not synced yet</Badge> : null}
          </HStack>
        </Stack>
        {actions.length ? <EventActions eventName={event.name} actions={actions} onAction={onAction} /> : null}
      </HStack>
      <Stack gap="1.5" color="fg.muted" textStyle="sm">
        <HStack gap="2">
          <CalendarDays size={16} aria-hidden />
          <Text>{dates ?? 'No dates yet'}</Text>
        </HStack>
        {event.location ? (
          <HStack gap="2" minW="0">
            <MapPin size={16} aria-hidden />
            <Text truncate>{event.location}</Text>
          </HStack>
        ) : null}
        <HStack gap="2">
          <Users size={16} aria-hidden />
          <Text>{summary?.count === 1 ? '1 member' : `${summary?.count ?? 0} members`}</Text>
        </HStack>
      </Stack>
      {needs && !isDeleted ? (
        <EventNeedsLines eventId={event.id} lines={needsLines(needs, (section) => isOpen(event.id, section))} />
      ) : null}
      {isDeleted && isCreator ? (
        <Button
          variant="outline"
          size="sm"
          alignSelf="start"
          aria-label={`Restore ${event.name}`}
          onClick={() => onAction('restore')}
        >
          <RotateCcw aria-hidden />
          Restore
        </Button>
      ) : null}
    </Stack>
  );
}, sameCard);
