import { Box, Button, Grid, Group, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ReplacedNotices } from '../../components/replaced-notices.tsx';
import { SCHEDULE_EDIT_GROUPS } from './sync/schedule-kinds.ts';
import { format } from 'date-fns';
import { CalendarDays, Download, List, Lock, Plus, Upload } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { tierRank } from '../../access/tiers.ts';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ToggleButton } from '../../components/toggle-button.tsx';
import { RefusedChangeAlerts } from '../../components/page-states.tsx';
import { upgradeRequest, UpgradeDialog, type UpgradeRequest } from '../../components/upgrade-prompt.tsx';
import type { ScheduleItemRow } from './sync/schedule-rows.ts';
import { mutate, useRejectedChanges } from '../../data/index.ts';
import { useScheduleAssignees, useScheduleItems } from './use-schedule.ts';
import { EventPageFallback } from '../events/index.ts';
import { useEventPage } from '../events/index.ts';
import { toICalendar } from './icalendar.ts';
import { formatDay, formatLongDay, icsFileName, scheduleDays } from './schedule-format.ts';
import { byDay, clashes } from './schedule-helpers.ts';
import { ScheduleItemCard } from './schedule-item-card.tsx';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { NewSinceProvider } from '../activity/index.ts';
import { downloadText } from '../../lib/download.ts';

const ScheduleItemDialog = lazy(async () => ({
  default: (await import('./schedule-item-dialog.tsx')).ScheduleItemDialog,
}));
const AssigneesDialog = lazy(async () => ({ default: (await import('./assignees-dialog.tsx')).AssigneesDialog }));
const ImportDialog = lazy(async () => ({
  default: (await import('./schedule-import-dialog.tsx')).ScheduleImportDialog,
}));

const EXTENDED = upgradeRequest(
  'starter',
  'The extended schedule adds assignees, items that span several days and iCalendar export.',
);
const IMPORTS = upgradeRequest('organizer', 'Structured imports bring schedule items in from a CSV file.');

const REFUSED_TITLES: Record<string, string> = {
  'schedule.create': 'Could not add',
  'schedule.update': 'Could not save',
  'schedule.delete': 'Could not delete',
  'schedule.assign': 'Could not change the assignees of',
};

/** The event's Schedule page (route `/events/{id}/schedule`): the agenda by day or as a list. */
export function SchedulePage() {
  const { eventId = '' } = useParams();
  const page = useEventPage(eventId);
  const items = useScheduleItems(eventId);
  const assignees = useScheduleAssignees(eventId);
  const rejected = useRejectedChanges();
  const [view, setView] = useState<'day' | 'list'>('day');
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [editing, setEditing] = useState<ScheduleItemRow | 'new' | null>(null);
  const [assigning, setAssigning] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [isImporting, setImporting] = useState(false);

  const clashMap = useMemo(() => clashes(items, assignees), [items, assignees]);
  const titles = useMemo(() => new Map(items.map((item) => [item.id, item.title])), [items]);

  if (page.status !== 'ready') return <EventPageFallback page={page} loadingText="Loading the schedule..." />;
  const { event, members, myUserId, isManager, names } = page;
  const isExtended = tierRank(event.access_tier) >= tierRank('starter');
  const canImport = tierRank(event.access_tier) >= tierRank('organizer');
  const canEdit = (item: ScheduleItemRow) => isManager || item.created_by === myUserId;
  const days = scheduleDays(event, items, format(new Date(), 'yyyy-MM-dd'));
  const day = pickedDay && days.includes(pickedDay) ? pickedDay : days[0];
  const grouped = byDay(items);
  const dayItems = grouped.find((group) => group.day === day)?.items ?? [];
  const itemIds = new Set(items.map((item) => item.id));
  const refused = rejected.changes.filter((change) => {
    if (!change.kind.startsWith('schedule.')) return false;
    const args = (change.args ?? {}) as { eventId?: string; id?: string };
    return args.eventId === event.id || (args.id !== undefined && itemIds.has(args.id));
  });

  function refusedTitle(kind: string, args: unknown): string {
    const a = (args ?? {}) as { title?: string; id?: string; itemId?: string; changes?: { title?: string } };
    const title = a.title ?? a.changes?.title ?? titles.get(a.id ?? a.itemId ?? '') ?? null;
    return `${REFUSED_TITLES[kind] ?? 'Could not change'} ${title ? `"${title}"` : 'the item'}`;
  }

  const exportItems = (list: readonly ScheduleItemRow[], name: string) => {
    if (!isExtended) return setUpgrade(EXTENDED);
    downloadText(
      icsFileName(name),
      toICalendar(list, { eventId: event.id, calendarName: event.name, timeZone: event.time_zone }),
      'text/calendar;charset=utf-8',
    );
  };

  const renderItem = (item: ScheduleItemRow) => (
    <ScheduleItemCard
      key={item.id}
      item={item}
      clashesWith={(clashMap.get(item.id) ?? []).map((clash) => ({
        title: titles.get(clash.id) ?? '',
        names: clash.people.map((id) => names.get(id) ?? 'A member'),
      }))}
      assigneeNames={assignees.filter((a) => a.item_id === item.id).map((a) => names.get(a.user_id) ?? 'A member')}
      canEdit={canEdit(item)}
      isExtended={isExtended}
      onEdit={() => setEditing(item)}
      onAssign={() => (isExtended ? setAssigning(item.id) : setUpgrade(EXTENDED))}
      onExport={() => exportItems([item], `${event.name} ${item.title}`)}
    />
  );

  const deleteItem = (item: ScheduleItemRow) =>
    setConfirm({
      title: 'Delete this item?',
      body: `"${item.title}" will be removed from the schedule for everyone.`,
      confirmLabel: 'Delete item',
      isDestructive: true,
      onConfirm: () => {
        setEditing(null);
        void mutate('schedule.delete', { id: item.id });
      },
    });

  const assigningItem = items.find((item) => item.id === assigning);
  return (
    <NewSinceProvider eventId={eventId} section="schedule">
      <PageHeader
        title="Schedule"
        description="Arrival, shifts and the headliner: the crew's agenda for every day of the event."
      />
      <RefusedChangeAlerts
        changes={refused}
        titleOf={(change) => refusedTitle(change.kind, change.args)}
        onDismiss={(id) => void rejected.discard(id)}
      />
      <ReplacedNotices rows={items} groups={SCHEDULE_EDIT_GROUPS} myUserId={myUserId} names={names} />
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3" mb="4">
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="forest" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add item
          </Button>
          <Button variant="outline" onClick={() => exportItems(items, `${event.name} schedule`)}>
            {isExtended ? <Download aria-hidden /> : <Lock aria-hidden />}
            Export calendar
          </Button>
          <Button variant="outline" onClick={() => (canImport ? setImporting(true) : setUpgrade(IMPORTS))}>
            {canImport ? <Upload aria-hidden /> : <Lock aria-hidden />}
            Import CSV
          </Button>
        </HStack>
        <Group attached role="group" aria-label="View">
          <ToggleButton isPressed={view === 'day'} onClick={() => setView('day')}>
            <CalendarDays aria-hidden />
            Day
          </ToggleButton>
          <ToggleButton isPressed={view === 'list'} onClick={() => setView('list')}>
            <List aria-hidden />
            List
          </ToggleButton>
        </Group>
      </Stack>

      {view === 'day' ? (
        <Stack gap="4">
          <Box overflowX="auto" mx={{ base: '-1', md: '0' }} px={{ base: '1', md: '0' }} pb="1">
            <HStack gap="2" role="group" aria-label="Days" minW="max-content">
              {days.map((d) => (
                <ToggleButton
                  key={d}
                  size="sm"
                  isPressed={d === day}
                  colorPalette={d === day ? 'forest' : undefined}
                  onClick={() => setPickedDay(d)}
                >
                  {formatDay(d)}
                </ToggleButton>
              ))}
            </HStack>
          </Box>
          <Stack as="section" aria-label={formatLongDay(day)} gap="3">
            <Heading as="h2" textStyle="lg">
              {formatLongDay(day)}
            </Heading>
            {dayItems.length ? (
              dayItems.map(renderItem)
            ) : (
              <Text color="fg.muted">Nothing planned for this day yet.</Text>
            )}
          </Stack>
        </Stack>
      ) : (
        <Stack gap="6" as="section" aria-label="All items">
          {grouped.length ? (
            grouped.map((group) => (
              <Grid key={group.day} templateColumns={{ base: '1fr', lg: '14rem 1fr' }} gap={{ base: '3', lg: '6' }}>
                <Heading as="h2" textStyle="lg" position={{ lg: 'sticky' }} top={{ lg: '20' }} alignSelf="start">
                  {formatLongDay(group.day)}
                </Heading>
                <Stack gap="3">{group.items.map(renderItem)}</Stack>
              </Grid>
            ))
          ) : (
            <Text color="fg.muted">Nothing planned yet. Add the first item.</Text>
          )}
        </Stack>
      )}
      <CalendarFeedCard />

      <Suspense fallback={null}>
        {editing ? (
          <ScheduleItemDialog
            event={event}
            item={editing === 'new' ? undefined : editing}
            day={day}
            others={items}
            canDelete={editing !== 'new' && canEdit(editing)}
            onClose={() => setEditing(null)}
            onDelete={() => editing !== 'new' && deleteItem(editing)}
          />
        ) : null}
        {assigningItem ? (
          <AssigneesDialog
            item={assigningItem}
            members={members}
            assigned={new Set(assignees.filter((a) => a.item_id === assigningItem.id).map((a) => a.user_id))}
            myUserId={myUserId}
            canAssignOthers={canEdit(assigningItem)}
            onClose={() => setAssigning(null)}
          />
        ) : null}
        {isImporting ? <ImportDialog event={event} others={items} onClose={() => setImporting(false)} /> : null}
      </Suspense>
      {upgrade ? <UpgradeDialog request={upgrade} onClose={() => setUpgrade(null)} /> : null}
      {confirm ? <ConfirmDialog {...confirm} onClose={() => setConfirm(null)} /> : null}
    </NewSinceProvider>
  );
}
