import { SimpleGrid, Text } from '@chakra-ui/react';
import { startTransition, useEffect, useMemo, useState, type ComponentProps } from 'react';
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

/** The shortest a card is (name, dates, place, members) with the gap below it, in CSS pixels. */
const CARD_MIN_HEIGHT = 240;

/**
 * Cards in the first render: at least as many as the window can show (its height over the
 * shortest card, times the grid's columns: one on a phone, two from 48em, three from 80em), so the
 * first screen is never short of a card. The others follow in a transition right after, so the
 * home is on screen without waiting for cards below the fold (bench/home.ts measures both).
 */
function firstScreenCards(): number {
  const isAtLeast = (width: string) => globalThis.matchMedia?.(`(min-width: ${width})`).matches ?? true;
  const columns = isAtLeast('80em') ? 3 : isAtLeast('48em') ? 2 : 1;
  return columns * Math.ceil((globalThis.innerHeight || 1080) / CARD_MIN_HEIGHT);
}

/** How many of `total` cards to draw: the first screen's, then all of them. */
function useCardsShown(total: number): number {
  const [isAll, setAll] = useState(false);
  useEffect(() => {
    if (total === 0) return;
    // The benchmark's mark: every card drawn.
    if (isAll) performance.mark('crewcamp:home-cards-all');
    else startTransition(() => setAll(true));
  }, [isAll, total]);
  return isAll ? total : Math.min(total, firstScreenCards());
}

/** The events of one status, in the home's order: one column on phones, more where there is room. */
export function EventGrid({ events, summaries, needs, isOpen, emptyText, onAction }: EventGridProps) {
  const shown = useCardsShown(events.length);
  if (!events.length) {
    return (
      <Text color="fg.muted" py="8" textAlign="center" borderWidth="1px" borderStyle="dashed" rounded="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      {events.slice(0, shown).map((event) => {
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
