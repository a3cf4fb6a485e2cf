import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ScheduleItemRow } from '../schedule/index.ts';
import type { SiteItemRow } from '../site-planner/sync/index.ts';
import { SitePlanView, type useSitePlan } from '../site-planner/index.ts';
import { formatWallClock, type PersonItems, type SheetPerson, type SheetRide } from './crew-sheet-data.ts';
import { Nothing, PhoneLink, SheetSection } from './sheet-section.tsx';

export function CrewSection({ people }: { people: SheetPerson[] }) {
  return (
    <SheetSection id="crew" title="Crew">
      <Text color="fg.muted" textStyle="sm">
        Phone numbers and emergency contacts show only where each member chose to share them.
      </Text>
      <Stack as="ul" gap="0" listStyleType="none" divideY="1px">
        {people.map((p) => (
          <Box as="li" key={p.userId} py="2" data-sheet-keep>
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Text fontWeight="semibold">{p.name}</Text>
              <Text color="fg.muted" textStyle="sm">
                {p.role}
              </Text>
            </HStack>
            {p.phone ? (
              <Text>
                Phone: <PhoneLink phone={p.phone} />
              </Text>
            ) : null}
            {p.emergency ? (
              <Text>
                Emergency contact: {p.emergency.name}, <PhoneLink phone={p.emergency.phone} />
              </Text>
            ) : null}
          </Box>
        ))}
      </Stack>
    </SheetSection>
  );
}

export function RidesSection({ rides }: { rides: SheetRide[] }) {
  return (
    <SheetSection id="rides" title="Rides">
      {rides.length ? (
        <Stack as="ul" gap="3" listStyleType="none">
          {rides.map((ride) => (
            <Box as="li" key={ride.id} data-sheet-keep>
              <Text fontWeight="semibold">{ride.title}</Text>
              <Text>
                {ride.when} · driver {ride.driver}
              </Text>
              <Text color="fg.muted">
                {ride.passengers.length ? `With ${ride.passengers.join(', ')}` : 'No passengers yet'}
                {ride.seatsLeft ? ` · ${ride.seatsLeft} ${ride.seatsLeft === 1 ? 'seat' : 'seats'} free` : ''}
              </Text>
            </Box>
          ))}
        </Stack>
      ) : (
        <Nothing>No rides yet.</Nothing>
      )}
    </SheetSection>
  );
}

export function ScheduleSection({ items }: { items: readonly ScheduleItemRow[] }) {
  return (
    <SheetSection id="schedule" title="Schedule">
      {items.length ? (
        <Stack as="ul" gap="2" listStyleType="none">
          {items.map((item) => (
            <Box as="li" key={item.id} data-sheet-keep>
              <Text fontWeight="semibold">
                {formatWallClock(item.starts_at)}
                {item.ends_at ? `–${item.ends_at.slice(11, 16)}` : ''} · {item.title}
              </Text>
              {item.location ? <Text color="fg.muted">{item.location}</Text> : null}
              {item.notes ? (
                <Text whiteSpace="pre-wrap" textStyle="sm">
                  {item.notes}
                </Text>
              ) : null}
            </Box>
          ))}
        </Stack>
      ) : (
        <Nothing>Nothing on the schedule yet.</Nothing>
      )}
    </SheetSection>
  );
}

export function OpenItemsSection({ groups }: { groups: PersonItems[] }) {
  return (
    <SheetSection id="items" title="Open checklist items">
      {groups.length ? (
        groups.map((group) => (
          <Box key={group.person} data-sheet-keep>
            <Text fontWeight="semibold">{group.person}</Text>
            <Stack as="ul" gap="0" ps="5" listStyleType="disc">
              {group.items.map((item) => (
                <li key={item.id}>
                  {item.quantity > 1 ? `${item.quantity} × ` : ''}
                  {item.text}{' '}
                  <Text as="span" color="fg.muted">
                    ({item.list}
                    {item.due ? `, due ${formatWallClock(item.due)}` : ''})
                  </Text>
                </li>
              ))}
            </Stack>
          </Box>
        ))
      ) : (
        <Nothing>Every item is done.</Nothing>
      )}
    </SheetSection>
  );
}

export function SitePlanSection({
  plan,
  items,
}: {
  plan: ReturnType<typeof useSitePlan>;
  items: readonly SiteItemRow[];
}) {
  return (
    <SheetSection id="site-plan" title="Site plan">
      {plan ? (
        <Box borderWidth="1px" rounded="md" overflow="hidden">
          <SitePlanView plan={plan} items={items} />
        </Box>
      ) : (
        <Nothing>No site plan yet.</Nothing>
      )}
    </SheetSection>
  );
}
