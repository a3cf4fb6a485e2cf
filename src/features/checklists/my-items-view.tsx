import { Box, Card, Text } from '@chakra-ui/react';
import type { ChecklistItemRow, ChecklistRow } from './sync/checklist-rows.ts';
import { ChecklistItemRowView, ITEM_ROW_LINES } from './checklist-item-row.tsx';
import { myItems } from './checklist-helpers.ts';

interface MyItemsViewProps {
  lists: ChecklistRow[];
  items: ChecklistItemRow[];
  myUserId: string;
  nameOf(userId: string): string;
  onToggle(item: ChecklistItemRow, done: boolean): void;
  onEdit(item: ChecklistItemRow): void;
}

/** The items assigned to me across the event's lists: open ones first, then by due date. */
export function MyItemsView({ lists, items, myUserId, nameOf, onToggle, onEdit }: MyItemsViewProps) {
  const mine = myItems(items, lists, myUserId);
  const titleOf = new Map(lists.map((l) => [l.id, l.title]));
  if (mine.length === 0) {
    return <Text color="fg.muted">Nothing is assigned to you yet. Edit an item to give it to someone.</Text>;
  }
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body py="1">
        <Box as="ul" listStyleType="none" aria-label="My items">
          {mine.map((item) => (
            <Box as="li" key={item.id} aria-label={item.text} {...ITEM_ROW_LINES}>
              <ChecklistItemRowView
                item={item}
                nameOf={nameOf}
                listTitle={titleOf.get(item.checklist_id)}
                onToggle={(done) => onToggle(item, done)}
                onEdit={() => onEdit(item)}
              />
            </Box>
          ))}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
