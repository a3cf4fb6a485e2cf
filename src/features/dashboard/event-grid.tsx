import { SimpleGrid, Text } from '@chakra-ui/react';
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
      {events.map((event) => (
        <EventCard
          key={event.id}
          event={event}
          summary={summaries[event.id]}
          needs={needs[event.id]}
          isOpen={isOpen}
          onAction={onAction}
        />
      ))}
    </SimpleGrid>
  );
}
