import { Box, IconButton } from '@chakra-ui/react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ChecklistItemRow } from './sync/checklist-rows.ts';
import { ChecklistItemRowView, ITEM_ROW_LINES } from './checklist-item-row.tsx';

interface SortableItemsProps {
  listTitle: string;
  items: ChecklistItemRow[];
  nameOf(userId: string): string;
  onToggle(item: ChecklistItemRow, done: boolean): void;
  onEdit(item: ChecklistItemRow): void;
  /** The item was dropped at `toIndex` of the list without it. */
  onMove(itemId: string, toIndex: number): void;
}

/**
 * A list's items in their shared order, reordered by dragging a handle (mouse, pen or touch) or
 * from the keyboard (Space or Enter on the handle, arrows, Space or Enter again to drop).
 */
export function SortableItems({ listTitle, items, nameOf, onToggle, onEdit, onMove }: SortableItemsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const textOf = (id: string | number) => items.find((i) => i.id === id)?.text ?? 'item';
  const position = (id: string | number) => `${items.findIndex((i) => i.id === id) + 1} of ${items.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${textOf(active.id)}, position ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${textOf(active.id)} is now at position ${position(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${textOf(active.id)} dropped at position ${position(over.id)}.` : `${textOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${textOf(active.id)} was cancelled.`,
  };

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const toIndex = items.findIndex((i) => i.id === over.id);
    if (toIndex >= 0) onMove(String(active.id), toIndex);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move an item, press Space or Enter, use the arrow keys, then press Space or Enter again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <Box as="ul" listStyleType="none" aria-label={`Items of ${listTitle}`}>
          {items.map((item) => (
            <SortableRow key={item.id} item={item} nameOf={nameOf} onToggle={onToggle} onEdit={onEdit} />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  item,
  nameOf,
  onToggle,
  onEdit,
}: Pick<SortableItemsProps, 'nameOf' | 'onToggle' | 'onEdit'> & { item: ChecklistItemRow }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  return (
    <Box
      as="li"
      ref={setNodeRef}
      aria-label={item.text}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 2 : undefined}
      bg={isDragging ? 'bg.panel' : undefined}
      shadow={isDragging ? 'md' : undefined}
      rounded="md"
      {...ITEM_ROW_LINES}
    >
      <ChecklistItemRowView
        item={item}
        nameOf={nameOf}
        onToggle={(done) => onToggle(item, done)}
        onEdit={() => onEdit(item)}
        handle={
          <IconButton
            ref={setActivatorNodeRef}
            variant="ghost"
            size="sm"
            cursor={isDragging ? 'grabbing' : 'grab'}
            css={{ touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={`Move ${item.text}`}
            aria-roledescription="sortable"
          >
            <GripVertical />
          </IconButton>
        }
      />
    </Box>
  );
}
