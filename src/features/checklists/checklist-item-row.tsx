import { Badge, Box, Checkbox, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChecklistItemRow } from './sync/checklist-rows.ts';
import { NewBadge, newRowProps, useIsNew } from '../activity/index.ts';

const dueFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const doneFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A list's item rows are divided by a line, none under the last. */
export const ITEM_ROW_LINES = {
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _last: { borderBottomWidth: 0 },
} as const;

export function formatDue(date: string): string {
  return dueFormat.format(new Date(`${date}T00:00:00Z`));
}

interface ItemRowProps {
  item: ChecklistItemRow;
  nameOf(userId: string): string;
  onToggle(done: boolean): void;
  onEdit(): void;
  /** The drag handle of a sortable list (none in "My items"). */
  handle?: ReactNode;
  /** The list the item is on ("My items" shows items of several lists). */
  listTitle?: string;
}

/** One item: tick box, text, quantity, who has it and when it is due; who ticked it and when. */
export function ChecklistItemRowView({ item, nameOf, onToggle, onEdit, handle, listTitle }: ItemRowProps) {
  // Added or changed by someone else since my last visit: highlighted.
  const isNew = useIsNew({ at: item.updated_at, by: item.updated_by ?? item.created_by });
  const details = [
    item.assignee_id ? nameOf(item.assignee_id) : null,
    item.due_date ? `due ${formatDue(item.due_date)}` : null,
    listTitle ?? null,
  ].filter(Boolean);
  return (
    <HStack gap="1" align="start" py="1.5" pe="1" {...newRowProps(isNew)}>
      {handle}
      <Checkbox.Root
        checked={item.done}
        onCheckedChange={(details) => onToggle(details.checked === true)}
        alignItems="start"
        flex="1"
        minW="0"
        py="1.5"
        ps={handle ? '0' : '2'}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Stack gap="0.5" minW="0" flex="1">
          <HStack gap="2" wrap="wrap">
            <Checkbox.Label
              textDecoration={item.done ? 'line-through' : undefined}
              color={item.done ? 'fg.muted' : undefined}
              wordBreak="break-word"
            >
              {item.text}
            </Checkbox.Label>
            <NewBadge isNew={isNew} />
            {item.quantity > 1 ? (
              <Badge variant="subtle" aria-label={`quantity ${item.quantity}`}>
                ×{item.quantity}
              </Badge>
            ) : null}
          </HStack>
          {details.length ? (
            <Text fontSize="sm" color="fg.muted">
              {details.join(' · ')}
            </Text>
          ) : null}
          {item.done && item.done_at ? (
            <Text fontSize="xs" color="fg.muted">
              Done by {item.done_by ? nameOf(item.done_by) : 'someone'} at {doneFormat.format(new Date(item.done_at))}
            </Text>
          ) : null}
        </Stack>
      </Checkbox.Root>
      <Box flexShrink={0}>
        <IconButton variant="ghost" size="sm" aria-label={`Edit ${item.text}`} onClick={onEdit}>
          <Pencil />
        </IconButton>
      </Box>
    </HStack>
  );
}
