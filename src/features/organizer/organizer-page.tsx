import { Badge, Box, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { format, parseISO } from 'date-fns';
import { useMemo, useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { formatMoney } from '../expenses/index.ts';
import { openBalances, openItemsByPerson, rideGaps, upcomingItems } from './organizer-summary.ts';
import { useOrganizerData } from './use-organizer-data.ts';

function Panel({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Stack as="section" aria-label={title} gap="3" p="4" rounded="xl" borderWidth="1px" bg="bg.panel" minW="0">
      <Heading as="h2" textStyle="md">
        {title}
      </Heading>
      {children.length ? (
        <Stack as="ul" gap="2" listStyleType="none">
          {children}
        </Stack>
      ) : (
        <Text color="fg.muted" textStyle="sm">
          {empty}
        </Text>
      )}
    </Stack>
  );
}

/** The event a line is about, shown when all events are listed. */
const EventTag = ({ name, show }: { name: string; show: boolean }) =>
  show ? (
    <Badge variant="subtle" colorPalette="gray" maxW="full" truncate>
      {name}
    </Badge>
  ) : null;

/**
 * `/organizer` (organizer plan): one view across my active events: upcoming schedule items, open
 * checklist items by person, balances, members without a ride and rides with seats left;
 * filterable by event. From the device database, offline.
 */
export function OrganizerPage() {
  const all = useOrganizerData();
  const [filter, setFilter] = useState('all');
  const events = useMemo(() => (filter === 'all' ? all : all.filter((e) => e.id === filter)), [all, filter]);
  const showEvent = filter === 'all' && all.length > 1;
  const [now] = useState(() => format(Date.now(), "yyyy-MM-dd'T'HH:mm:ss"));
  const upcoming = upcomingItems(events, now);
  const people = openItemsByPerson(events);
  const money = openBalances(events);
  const rides = rideGaps(events).filter((gap) => gap.withoutRide.length || gap.freeSeats.length);

  return (
    <>
      <PageHeader title="All my events" description="What is coming up and what is still open, across your events." />
      <Box maxW="sm" mb="5">
        <SelectField
          label="Event"
          value={filter}
          onChange={setFilter}
          options={[{ value: 'all', label: 'All events' }, ...all.map((e) => ({ value: e.id, label: e.name }))]}
        />
      </Box>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Panel title="Upcoming" empty="Nothing on the schedule.">
          {upcoming.map((item) => (
            <HStack as="li" key={item.id} gap="3" align="start" wrap="wrap">
              <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" textStyle="sm" minW="24">
                {format(parseISO(item.starts_at.slice(0, 19)), 'EEE d MMM HH:mm')}
              </Text>
              <Text flex="1" minW="0" overflowWrap="anywhere">
                {item.title}
              </Text>
              <EventTag name={item.eventName} show={showEvent} />
            </HStack>
          ))}
        </Panel>
        <Panel title="Open items by person" empty="Every item is done.">
          {people.map((person) => (
            <Stack as="li" key={person.userId ?? 'nobody'} gap="1">
              <Text fontWeight="semibold">{`${person.name} (${person.items.length})`}</Text>
              <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
                {person.items
                  .slice(0, 5)
                  .map((item) => (showEvent ? `${item.text} (${item.eventName})` : item.text))
                  .join(', ')}
                {person.items.length > 5 ? ` and ${person.items.length - 5} more` : ''}
              </Text>
            </Stack>
          ))}
        </Panel>
        <Panel title="Balances" empty="Everyone is settled.">
          {money.map((line) => (
            <HStack as="li" key={`${line.eventName}-${line.userId}`} justify="space-between" gap="3" wrap="wrap">
              <HStack gap="2" minW="0">
                <Text overflowWrap="anywhere">{line.name}</Text>
                <EventTag name={line.eventName} show={showEvent} />
              </HStack>
              <Text fontWeight="semibold" color={line.amount < 0 ? 'fg.error' : 'forest.fg'}>
                {line.amount < 0
                  ? `owes ${formatMoney(-line.amount, line.currency)}`
                  : `gets back ${formatMoney(line.amount, line.currency)}`}
              </Text>
            </HStack>
          ))}
        </Panel>
        <Panel title="Rides" empty="Everyone has a ride and every car is full.">
          {rides.map((gap) => (
            <Stack as="li" key={gap.eventName} gap="1">
              {showEvent ? <Text fontWeight="semibold">{gap.eventName}</Text> : null}
              {gap.withoutRide.length ? (
                <Text textStyle="sm">{`Without a ride: ${gap.withoutRide.join(', ')}`}</Text>
              ) : null}
              {gap.freeSeats.map((ride) => (
                <Text key={ride.id} textStyle="sm" color="fg.muted">
                  {`${ride.label}: ${ride.left === 1 ? '1 seat left' : `${ride.left} seats left`}`}
                </Text>
              ))}
            </Stack>
          ))}
        </Panel>
      </SimpleGrid>
    </>
  );
}
