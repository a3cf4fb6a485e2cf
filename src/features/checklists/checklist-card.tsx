import { Badge, Card, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { ActionsMenu } from '../../components/actions-menu.tsx';
import { mutate } from '../../data/index.ts';
import type { ChecklistItemRow, ChecklistRow } from './sync/checklist-rows.ts';
import { planShownMove } from './checklist-order.ts';
import { AddItemForm } from './add-item-form.tsx';
import { progress } from './checklist-helpers.ts';
import { KIND_LABELS } from './list-kinds.ts';
import { SortableItems } from './sortable-items.tsx';

export type ListAction = 'rename' | 'clone' | 'template' | 'share' | 'import' | 'delete';

export const ACTION_LABELS: Record<ListAction, string> = {
  rename: 'Rename list',
  clone: 'Clone list',
  template: 'Save as template',
  share: 'Share as text',
  import: 'Import items from CSV',
  delete: 'Delete list',
};

interface ChecklistCardProps {
  list: ChecklistRow;
  items: ChecklistItemRow[];
  nameOf(userId: string): string;
  /** The upgrade prompt's text of each locked action. */
  locks: Partial<Record<ListAction, string | null>>;
  onAction(action: ListAction): void;
  onEdit(item: ChecklistItemRow): void;
  onError(message: string): void;
}

/** One list: its title and progress, its items in order (drag to reorder), a field to add one, its actions. */
export function ChecklistCard({ list, items, nameOf, locks, onAction, onEdit, onError }: ChecklistCardProps) {
  const { done, total } = progress(items);

  function toggle(item: ChecklistItemRow, isDone: boolean) {
    mutate('checklist-item.set-done', { id: item.id, done: isDone }).catch(() =>
      onError('The item could not be ticked.'),
    );
  }

  function move(itemId: string, toIndex: number) {
    const moves = planShownMove(items, itemId, toIndex);
    if (moves.length === 0) return;
    mutate('checklist-item.move', { checklistId: list.id, moves }).catch(() => onError('The item could not be moved.'));
  }

  return (
    <Card.Root as="section" aria-label={list.title} size="sm" variant="outline">
      <Card.Header pb="2">
        <HStack justify="space-between" align="start" gap="2">
          <Stack gap="1" minW="0">
            <Heading as="h2" size="md" wordBreak="break-word">
              {list.title}
            </Heading>
            <HStack gap="2">
              <Badge variant="subtle" colorPalette="forest">
                {KIND_LABELS[list.kind]}
              </Badge>
              <Text fontSize="sm" color="fg.muted">
                {total === 0 ? 'No items yet' : `${done} of ${total} done`}
              </Text>
            </HStack>
          </Stack>
          <ActionsMenu
            label={`Actions for ${list.title}`}
            actions={(Object.keys(ACTION_LABELS) as ListAction[]).map((action) => ({
              value: action,
              label: ACTION_LABELS[action],
              isDanger: action === 'delete',
              lockedReason: locks[action],
            }))}
            onAction={onAction}
          />
        </HStack>
        {total > 0 ? (
          <Progress.Root
            value={(done / total) * 100}
            size="xs"
            colorPalette="forest"
            mt="2"
            aria-label={`${list.title} progress`}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
      </Card.Header>
      <Card.Body pt="0" gap="2">
        {items.length ? (
          <SortableItems
            listTitle={list.title}
            items={items}
            nameOf={nameOf}
            onToggle={toggle}
            onEdit={onEdit}
            onMove={move}
          />
        ) : null}
        <AddItemForm checklistId={list.id} eventId={list.event_id} listTitle={list.title} />
      </Card.Body>
    </Card.Root>
  );
}
