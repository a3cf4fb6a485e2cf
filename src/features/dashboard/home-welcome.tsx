import { Button, Heading, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';

/** A first-time user's home (no events yet): what CrewCamp is for and the one step that starts it. */
export function HomeWelcome({ onCreate }: { onCreate(): void }) {
  return (
    <Stack
      as="section"
      aria-labelledby="first-step"
      gap="4"
      p={{ base: '5', md: '8' }}
      rounded="2xl"
      bg="forest.subtle"
    >
      <Heading as="h2" id="first-step" textStyle="xl">
        Your first step: create an event
      </Heading>
      <Text>Give your trip, festival weekend or camp a name and dates, then invite your crew. From then on:</Text>
      <List.Root gap="1" ps="5" listStyleType="disc">
        <List.Item>one group chat that works at the campsite without signal,</List.Item>
        <List.Item>packing lists with who brings what,</List.Item>
        <List.Item>shared costs, the schedule, rides and the camp plan.</List.Item>
      </List.Root>
      <Button size="lg" alignSelf={{ base: 'stretch', sm: 'start' }} onClick={onCreate}>
        <Plus aria-hidden />
        Create your first event
      </Button>
      <Text textStyle="sm" color="fg.muted">
        Got a join link from a friend? Open it to join their crew.
      </Text>
    </Stack>
  );
}

/**
 * A device before its first pull with no events yet: they may be on their way (a returning user
 * signing in on a new phone is no first-time user). Needs a connection once.
 */
export function EventsArriving() {
  return (
    <HStack role="status" gap="3" py="6" color="fg.muted">
      <Spinner size="sm" color="forest.solid" />
      <Text>Getting your events onto this device…</Text>
    </HStack>
  );
}
