import { HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarDays, MapPin } from 'lucide-react';
import type { EventRow } from './sync/event-rows.ts';
import { formatDateRange } from './event-format.ts';
import { planningDays } from './event-rules.ts';
import { SectionCard } from '../../components/section-card.tsx';

/** The event's dates, place and description. */
export function EventDetailsCard({ event }: { event: EventRow }) {
  const dates = formatDateRange(event.start_date, event.end_date);
  const days = planningDays(event.start_date, event.end_date);
  return (
    <SectionCard title="Details" titleSize="lg">
      <Stack gap="3">
        <HStack gap="3" align="start">
          <CalendarDays size={20} aria-hidden />
          <Stack gap="0">
            <Text fontWeight="medium">{dates ?? 'No dates yet'}</Text>
            {days ? (
              <Text color="fg.muted" textStyle="sm">
                {days === 1 ? '1 day' : `${days} days`}
              </Text>
            ) : null}
            {event.time_zone ? (
              <Text color="fg.muted" textStyle="sm">{`Times in ${event.time_zone.replace(/_/g, ' ')}`}</Text>
            ) : null}
          </Stack>
        </HStack>
        <HStack gap="3" align="start">
          <MapPin size={20} aria-hidden />
          <Text fontWeight="medium">{event.location ?? 'No location yet'}</Text>
        </HStack>
        <Text whiteSpace="pre-wrap" color={event.description ? 'fg' : 'fg.muted'}>
          {event.description ?? 'No description yet.'}
        </Text>
      </Stack>
    </SectionCard>
  );
}
