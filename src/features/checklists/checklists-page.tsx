import { Button, HStack, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { ReplacedNotices } from '../../components/replaced-notices.tsx';
import { ITEM_EDIT_GROUPS } from './sync/checklist-item-kinds.ts';
import { LIST_EDIT_GROUPS } from './sync/checklist-kinds.ts';
import { LayoutTemplate, Plus } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PageLoading } from '../../components/page-states.tsx';
import type { UpgradeRequest } from '../../components/upgrade-prompt.tsx';
import { mutate, useSyncStatus } from '../../data/index.ts';
import { useEventLookup, useEventMembers } from '../events/index.ts';
import { useChecklists, useEventChecklistItems } from './use-checklists.ts';
import type { ChecklistItemRow, ChecklistRow } from './sync/checklist-rows.ts';
import { doneLast } from './checklist-order.ts';
import { useAuthStore } from '../auth/index.ts';
import { mutateErrorText } from '../events/index.ts';
import { ACTION_LABELS, ChecklistCard, type ListAction } from './checklist-card.tsx';
import { checklistAsText } from './checklist-helpers.ts';
import { featureLock } from './checklist-rules.ts';
import { NewSinceProvider } from '../activity/index.ts';
import { MyItemsView } from './my-items-view.tsx';

const ItemDialog = lazy(async () => ({ default: (await import('./item-dialog.tsx')).ItemDialog }));
const ListDialog = lazy(async () => ({ default: (await import('./list-dialog.tsx')).ListDialog }));
const ShareDialog = lazy(async () => ({ default: (await import('./share-dialog.tsx')).ShareDialog }));
const ImportDialog = lazy(async () => ({ default: (await import('./import-dialog.tsx')).ImportDialog }));
const TemplatesDialog = lazy(async () => ({ default: (await import('./templates-dialog.tsx')).TemplatesDialog }));
const UpgradeDialog = lazy(async () => ({
  default: (await import('../../components/upgrade-prompt.tsx')).UpgradeDialog,
}));
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../components/confirm-dialog.tsx')).ConfirmDialog,
}));

type Open =
  | { kind: 'new-list' }
  | { kind: 'rename' | 'share' | 'import' | 'delete'; list: ChecklistRow }
  | { kind: 'item'; item: ChecklistItemRow }
  | { kind: 'templates' }
  | null;

type Notice = { status: 'success' | 'error'; text: string } | null;

/** The event's Checklists page (route `/events/{id}/checklists`). */
export function ChecklistsPage() {
  const { eventId = '' } = useParams();
  const lookup = useEventLookup(eventId);
  const members = useEventMembers(eventId);
  const lists = useChecklists(eventId);
  const allItems = useEventChecklistItems(eventId);
  const hasSynced = useSyncStatus((status) => status.lastSyncedAt !== null);
  const user = useAuthStore((state) => state.user);
  const myUserId = useAuthStore((state) => state.session?.user.id ?? null);
  const [open, setOpen] = useState<Open>(null);
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const itemsByList = useMemo(() => {
    const byList = new Map<string, ChecklistItemRow[]>();
    for (const item of doneLast(allItems)) {
      const list = byList.get(item.checklist_id) ?? [];
      list.push(item);
      byList.set(item.checklist_id, list);
    }
    return byList;
  }, [allItems]);

  if (lookup.status === 'loading' || (lookup.status === 'missing' && !hasSynced)) {
    return <PageLoading text="Loading the checklists..." />;
  }
  if (lookup.status === 'missing') {
    return <PageHeader title="Checklists" description="This event is not on this device." />;
  }
  const event = lookup.event;
  const eventTier = event.access_tier;
  const userTier = user?.tier ?? 'free';
  const lock = {
    templates: featureLock('templates_cloning', eventTier, userTier),
    export: featureLock('simple_exports', eventTier, userTier),
    import: featureLock('structured_imports', eventTier, userTier),
    duplicate: featureLock('duplicate_templates', eventTier, userTier),
  };
  const listLocks: Partial<Record<ListAction, string | null>> = {
    clone: lock.templates,
    template: lock.templates,
    share: lock.export,
    import: lock.import,
  };
  const nameById = new Map(members.map((m) => [m.user_id, m.name ?? m.email ?? 'A member']));
  const nameOf = (userId: string) => (userId === myUserId ? 'You' : (nameById.get(userId) ?? 'A former member'));
  const say = (status: 'success' | 'error', text: string) => setNotice({ status, text });

  async function run(action: () => Promise<unknown>, success: string, fallback: string) {
    try {
      await action();
      say('success', success);
    } catch (error) {
      say('error', mutateErrorText(error, fallback));
    }
  }

  function onListAction(list: ChecklistRow, action: ListAction) {
    const locked = listLocks[action];
    if (locked) return setUpgrade({ title: ACTION_LABELS[action], description: locked });
    setNotice(null);
    if (action === 'clone')
      void run(
        () => mutate('checklist.clone', { sourceId: list.id }),
        `${list.title} has been copied.`,
        'The list could not be copied.',
      );
    else if (action === 'template')
      void run(
        () => mutate('checklist-template.save', { checklistId: list.id }),
        `${list.title} is saved as a template.`,
        'The template could not be saved.',
      );
    else setOpen({ kind: action, list });
  }

  function toggle(item: ChecklistItemRow, done: boolean) {
    mutate('checklist-item.set-done', { id: item.id, done }).catch(() => say('error', 'The item could not be ticked.'));
  }

  const memberList = members.map((m) => ({ user_id: m.user_id, name: m.name, email: m.email }));
  const close = () => setOpen(null);

  return (
    <NewSinceProvider eventId={eventId} section="checklists">
      <PageHeader
        title="Checklists"
        description="Who brings the tent, the stove and the bottle opener: shared lists the crew ticks off together."
      >
        <HStack gap="2" wrap="wrap">
          <Button onClick={() => setOpen({ kind: 'new-list' })}>
            <Plus aria-hidden />
            New list
          </Button>
          {/* The built-in templates are on every tier; the user's own ones show their lock inside. */}
          <Button variant="outline" onClick={() => setOpen({ kind: 'templates' })}>
            <LayoutTemplate aria-hidden />
            Start from a template
          </Button>
        </HStack>
      </PageHeader>
      <ReplacedNotices rows={lists} groups={LIST_EDIT_GROUPS} myUserId={myUserId ?? ''} names={nameById} />
      <ReplacedNotices
        rows={allItems.map((item) => ({ ...item, title: item.text }))}
        groups={ITEM_EDIT_GROUPS}
        myUserId={myUserId ?? ''}
        names={nameById}
      />
      {notice ? (
        <Stack mb="4">
          <FormMessage status={notice.status}>{notice.text}</FormMessage>
        </Stack>
      ) : null}
      <Tabs.Root defaultValue="lists" variant="enclosed" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="lists">All lists</Tabs.Trigger>
          <Tabs.Trigger value="mine">My items</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="lists" pt="0">
          {lists.length === 0 ? (
            <Text color="fg.muted">No lists yet. Start one for packing, shopping or the jobs to do.</Text>
          ) : (
            <SimpleGrid columns={{ base: 1, lg: 2, '2xl': 3 }} gap="4" alignItems="start">
              {lists.map((list) => (
                <ChecklistCard
                  key={list.id}
                  list={list}
                  items={itemsByList.get(list.id) ?? []}
                  nameOf={nameOf}
                  locks={listLocks}
                  onAction={(action) => onListAction(list, action)}
                  onEdit={(item) => setOpen({ kind: 'item', item })}
                  onError={(text) => say('error', text)}
                />
              ))}
            </SimpleGrid>
          )}
        </Tabs.Content>
        <Tabs.Content value="mine" pt="0">
          <MyItemsView
            lists={lists}
            items={allItems}
            myUserId={myUserId ?? ''}
            nameOf={nameOf}
            onToggle={toggle}
            onEdit={(item) => setOpen({ kind: 'item', item })}
          />
        </Tabs.Content>
      </Tabs.Root>
      <Suspense fallback={null}>
        {open?.kind === 'new-list' ? <ListDialog eventId={event.id} onClose={close} /> : null}
        {open?.kind === 'rename' ? <ListDialog eventId={event.id} list={open.list} onClose={close} /> : null}
        {open?.kind === 'item' ? (
          <ItemDialog item={open.item} members={memberList} nameOf={nameOf} onClose={close} />
        ) : null}
        {open?.kind === 'share' ? (
          <ShareDialog
            title={open.list.title}
            text={checklistAsText(open.list, itemsByList.get(open.list.id) ?? [], (id) => nameById.get(id) ?? null)}
            onClose={close}
          />
        ) : null}
        {open?.kind === 'import' ? (
          <ImportDialog
            listTitle={open.list.title}
            checklistId={open.list.id}
            eventId={event.id}
            members={memberList}
            nameOf={nameOf}
            onClose={close}
            onImported={(count) => say('success', count === 1 ? '1 item imported.' : `${count} items imported.`)}
          />
        ) : null}
        {open?.kind === 'templates' ? (
          <TemplatesDialog
            eventId={event.id}
            duplicateLock={lock.duplicate}
            ownLock={lock.templates}
            onUpgrade={(title, description) => {
              close();
              setUpgrade({ title, description });
            }}
            onStarted={(title) => say('success', `A list has been started from ${title}.`)}
            onClose={close}
          />
        ) : null}
        {open?.kind === 'delete' ? (
          <ConfirmDialog
            title={`Delete ${open.list.title}?`}
            body="The list and its items are deleted for the whole crew."
            confirmLabel="Delete list"
            isDestructive
            onConfirm={() =>
              void run(
                () => mutate('checklist.delete', { id: open.list.id }),
                `${open.list.title} has been deleted.`,
                'The list could not be deleted.',
              )
            }
            onClose={close}
          />
        ) : null}
        {upgrade ? <UpgradeDialog request={upgrade} onClose={() => setUpgrade(null)} /> : null}
      </Suspense>
    </NewSinceProvider>
  );
}
