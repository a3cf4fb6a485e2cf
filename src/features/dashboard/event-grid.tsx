import { SimpleGrid, Text } from '@chakra-ui/react';
import { useMemo, type ComponentProps } from 'react';
import { useEventActivity } from '../activity/index.ts';
import type { EventRow } from '../events/index.ts';
import type { MemberSummary } from '../events/index.ts';
import type { EventSection } from '../../lib/paths.ts';
import type { EventAction } from './event-actions.ts';
import { EventCard } from './event-card.tsx';
import type { EventNeeds } from './home-needs.ts';

interface EventGridProps {
  events: EventRow[];
  summaries: Record<string, MemberSummary>;
  needs: Record<string, EventNeeds>;
  isOpen(eventId: string, section: EventSection): boolean;
  emptyText: string;
  onAction(eventId: string, action: EventAction): void;
}

/** A past event's card reads what is new in it itself: the home's answer leaves past events out (bench/home.ts). */
function PastEventCard(props: ComponentProps<typeof EventCard>) {
  const activity = useEventActivity(props.event.id);
  const { needs } = props;
  const withActivity = useMemo(() => needs && { ...needs, unread: activity.chat, news: activity }, [needs, activity]);
  return <EventCard {...props} needs={withActivity} />;
}

/** The events of one status, in the home's order: one column on phones, more where there is room. */
export function EventGrid({ events, summaries, needs, isOpen, emptyText, onAction }: EventGridProps) {
  if (!events.length) {
    return (
      <Text color="fg.muted" py="8" textAlign="center" borderWidth="1px" borderStyle="dashed" rounded="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      {events.map((event) => {
        const props = { event, summary: summaries[event.id], needs: needs[event.id], isOpen, onAction };
        return needs[event.id]?.timing.kind === 'past' ? (
          <PastEventCard key={event.id} {...props} />
        ) : (
          <EventCard key={event.id} {...props} />
        );
      })}
    </SimpleGrid>
  );
}
