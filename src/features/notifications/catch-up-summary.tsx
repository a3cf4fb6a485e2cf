import { Box, CloseButton, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useCatchUp } from './use-catch-up.ts';

/**
 * The catch-up after a signal returns (or the app opens after hours away): per event, what
 * happened meanwhile. Small, under the header, until dismissed; empty when nothing happened.
 */
export function CatchUpSummary() {
  const { events, dismiss } = useCatchUp();
  if (!events.length) return null;
  return (
    <Box
      as="section"
      aria-labelledby="catch-up-title"
      bg="forest.subtle"
      borderBottomWidth="1px"
      px={{ base: '4', md: '8' }}
      py="2"
    >
      <HStack maxW="5xl" mx="auto" align="start" gap="2">
        <Stack gap="0.5" flex="1" minW="0">
          <Text id="catch-up-title" fontWeight="semibold" textStyle="sm">
            While you were away
          </Text>
          <Stack as="ul" gap="0.5" listStyleType="none" textStyle="sm">
            {events.map((event) => (
              <li key={event.eventId}>
                <Link asChild fontWeight="medium" color="forest.fg">
                  <RouterLink to={paths.event.href(event.eventId)} onClick={dismiss}>
                    {event.name}
                  </RouterLink>
                </Link>
                {`: ${event.text}`}
              </li>
            ))}
          </Stack>
        </Stack>
        <CloseButton size="sm" minW="11" minH="11" aria-label="Dismiss the catch-up summary" onClick={dismiss} />
      </HStack>
    </Box>
  );
}
