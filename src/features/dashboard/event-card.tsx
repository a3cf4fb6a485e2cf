import { Badge, Box, Button, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { CalendarDays, EllipsisVertical, MapPin, RotateCcw, Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import type { EventRow } from '../../db/row-schemas.ts';
import type { MemberSummary } from '../../data/index.ts';
import { formatDateRange } from '../events/event-format.ts';
import type { EventAction } from './event-actions.ts';

const ROLE_LABELS = { creator: 'Creator', admin: 'Admin', member: 'Member' } as const;

interface EventCardProps {
  event: EventRow;
  summary: MemberSummary | undefined;
  onAction(action: EventAction): void;
}

/** One event on the dashboard: name (opens it), dates, place, crew size, my role, and its actions. */
export function EventCard({ event, summary, onAction }: EventCardProps) {
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
            {isSaving ? <Badge variant="outline">Not synced yet</Badge> : null}
          </HStack>
        </Stack>
        {actions.length ? (
          <Menu.Root
            positioning={{ placement: 'bottom-end' }}
            onSelect={(details) => onAction(details.value as EventAction)}
          >
            <Menu.Trigger asChild>
              <IconButton variant="ghost" size="sm" aria-label={`Actions for ${event.name}`}>
                <EllipsisVertical />
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="12rem">
                  {actions.map((action) => (
                    <Menu.Item
                      key={action.value}
                      value={action.value}
                      color={action.value === 'leave' ? undefined : 'fg.error'}
                    >
                      {action.label}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        ) : null}
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
}
