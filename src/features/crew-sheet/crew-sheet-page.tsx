import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Printer } from 'lucide-react';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { EventPageFallback, formatDateRange, NoteTextView, useEventNotes, useEventPage } from '../events/index.ts';
import { openItemsByPerson, sheetPeople, sheetRides } from './crew-sheet-data.ts';
import { SHEET_PRINT_CSS } from './print-styles.ts';
import { Nothing, SheetSection } from './sheet-section.tsx';
import { CrewSection, OpenItemsSection, RidesSection, ScheduleSection, SitePlanSection } from './sheet-sections.tsx';
import { useCrewSheet } from './use-crew-sheet.ts';

/**
 * `/events/{id}/sheet`: the crew sheet, one printable page with the event's key facts and notes,
 * the crew with what each shares, rides, the schedule, open items by person and the site plan,
 * all from the device database (works offline). "Print / Save as PDF" opens the browser's print.
 */
export function CrewSheetPage() {
  const { eventId = '' } = useParams();
  const page = useEventPage(eventId);
  const notes = useEventNotes(eventId);
  const sheet = useCrewSheet(eventId);
  const names = page.status === 'ready' ? page.names : null;
  const members = page.status === 'ready' ? page.members : null;
  const people = useMemo(() => sheetPeople(members ?? [], sheet.contacts), [members, sheet.contacts]);
  const rides = useMemo(
    () => sheetRides(sheet.rides, sheet.passengers, names ?? new Map()),
    [sheet.rides, sheet.passengers, names],
  );
  const openItems = useMemo(
    () => openItemsByPerson(sheet.items, sheet.lists, names ?? new Map()),
    [sheet.items, sheet.lists, names],
  );

  if (page.status !== 'ready') return <EventPageFallback page={page} loadingText="Loading the crew sheet..." />;
  const { event } = page;
  return (
    <Stack gap="4">
      <style>{SHEET_PRINT_CSS}</style>
      <HStack data-sheet-hide justify="space-between" gap="2" wrap="wrap">
        <Button asChild variant="ghost" minH="11">
          <RouterLink to={paths.event.href(event.id)}>
            <ArrowLeft aria-hidden />
            Overview
          </RouterLink>
        </Button>
        <Button minH="11" onClick={() => window.print()}>
          <Printer aria-hidden />
          Print / Save as PDF
        </Button>
      </HStack>
      <SheetSection id="facts" title={`Crew sheet: ${event.name}`}>
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1">
          <Text as="dt" color="fg.muted">
            Dates
          </Text>
          <Text as="dd">{formatDateRange(event.start_date, event.end_date) ?? 'No dates yet'}</Text>
          <Text as="dt" color="fg.muted">
            Place
          </Text>
          <Text as="dd">{event.location ?? 'No location yet'}</Text>
          <Text as="dt" color="fg.muted">
            Time zone
          </Text>
          <Text as="dd">{event.time_zone ?? 'Not set'}</Text>
          <Text as="dt" color="fg.muted">
            Crew
          </Text>
          <Text as="dd">{people.length === 1 ? '1 member' : `${people.length} members`}</Text>
        </Box>
        <Text color="fg.muted" textStyle="sm">
          Times are at the event&apos;s place. Printed {new Date().toLocaleString()}.
        </Text>
      </SheetSection>
      <SheetSection id="notes" title="Event notes">
        {notes?.body ? <NoteTextView body={notes.body} /> : <Nothing>No event notes yet.</Nothing>}
      </SheetSection>
      <CrewSection people={people} />
      <RidesSection rides={rides} />
      <ScheduleSection items={sheet.schedule} />
      <OpenItemsSection groups={openItems} />
      <SitePlanSection plan={sheet.plan} items={sheet.siteItems} />
    </Stack>
  );
}
