import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, Lock, MapPin, Pencil, TriangleAlert, Users } from 'lucide-react';
import type { ScheduleItemRow } from './sync/schedule-rows.ts';
import { NewBadge, newRowProps, useIsNew } from '../activity/index.ts';
import { formatTimeRange } from './schedule-format.ts';

interface Props {
  item: ScheduleItemRow;
  /** The items it overlaps with someone assigned to both, and who that is. */
  clashesWith: { title: string; names: string[] }[];
  assigneeNames: string[];
  canEdit: boolean;
  /** The extended schedule (assignees, iCalendar) is unlocked on this event. */
  isExtended: boolean;
  onEdit(): void;
  onAssign(): void;
  onExport(): void;
}

/** One agenda item: when, what, where, notes, who takes care of it, and what it clashes with. */
export function ScheduleItemCard({
  item,
  clashesWith,
  assigneeNames,
  canEdit,
  isExtended,
  onEdit,
  onAssign,
  onExport,
}: Props) {
  const hasClash = clashesWith.length > 0;
  // Added or changed by someone else since my last visit: highlighted.
  const isNew = useIsNew({ at: item.updated_at, by: item.updated_by ?? item.created_by });
  return (
    <Box
      as="article"
      aria-label={item.title}
      borderWidth="1px"
      borderColor={hasClash ? 'orange.emphasized' : 'border'}
      borderLeftWidth="4px"
      borderLeftColor={hasClash ? 'orange.solid' : 'forest.solid'}
      rounded="lg"
      bg="bg.panel"
      p={{ base: '3', md: '4' }}
      {...newRowProps(isNew)}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0.5" minW="0">
            <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" color="forest.fg" textStyle="sm">
              {formatTimeRange(item)}
            </Text>
            <Text as="h3" fontWeight="semibold" textStyle="md" overflowWrap="anywhere">
              {item.title}
            </Text>
            <NewBadge isNew={isNew} />
          </Stack>
          {canEdit ? (
            <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${item.title}`}>
              <Pencil aria-hidden />
            </Button>
          ) : null}
        </HStack>
        {item.location ? (
          <HStack gap="1.5" color="fg.muted" textStyle="sm">
            <MapPin size={14} aria-hidden />
            <Text overflowWrap="anywhere">{item.location}</Text>
          </HStack>
        ) : null}
        {item.notes ? (
          <Text textStyle="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
            {item.notes}
          </Text>
        ) : null}
        {hasClash ? (
          <HStack gap="1.5" color="orange.fg" textStyle="sm" align="start">
            <Box as="span" flexShrink={0} mt="0.5">
              <TriangleAlert size={14} aria-hidden />
            </Box>
            <Text>
              Clashes with {clashesWith.map(({ title, names }) => `"${title}" (${names.join(', ')})`).join(', ')}
            </Text>
          </HStack>
        ) : null}
        {assigneeNames.length ? (
          <HStack gap="1.5" wrap="wrap" role="group" aria-label="Assigned to">
            {assigneeNames.map((name) => (
              <Badge key={name} variant="subtle" colorPalette="forest">
                {name}
              </Badge>
            ))}
          </HStack>
        ) : null}
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={onAssign} aria-label={`Assignees of ${item.title}`}>
            {isExtended ? <Users aria-hidden /> : <Lock aria-hidden />}
            Assignees
          </Button>
          <Button size="xs" variant="outline" onClick={onExport} aria-label={`Add ${item.title} to a calendar`}>
            {isExtended ? <CalendarPlus aria-hidden /> : <Lock aria-hidden />}
            Calendar
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
