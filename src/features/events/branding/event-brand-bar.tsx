import { Box, HStack, Image, Text } from '@chakra-ui/react';
import { useEvent } from '../use-events.ts';
import { useEventLogo } from './use-event-logo.ts';

/**
 * The event's white label above each of its pages (and on their printouts): its logo and name on
 * its accent colour. Shown to every member while the event is on the organizer tier; a lower tier
 * keeps the branding stored and shows none of it.
 */
export function EventBrandBar({ eventId }: { eventId: string }) {
  const event = useEvent(eventId);
  const isBranded = event?.access_tier === 'organizer' && Boolean(event.accent_color || event.logo_path);
  const logo = useEventLogo(isBranded ? event?.logo_path : null);
  if (!event || !isBranded) return null;
  const accent = event.accent_color ?? 'var(--chakra-colors-forest-solid)';
  return (
    <Box
      as="section"
      aria-label={`${event.name} branding`}
      data-accent={event.accent_color ?? undefined}
      mb="4"
      px="4"
      py="2"
      rounded="lg"
      borderLeftWidth="6px"
      style={{ borderLeftColor: accent, printColorAdjust: 'exact' }}
      bg="bg.subtle"
    >
      <HStack gap="3" minH="10">
        {logo ? <Image src={logo} alt={`${event.name} logo`} maxH="10" maxW="32" objectFit="contain" /> : null}
        <Text fontWeight="semibold" style={{ color: accent }} truncate>
          {event.name}
        </Text>
      </HStack>
    </Box>
  );
}
