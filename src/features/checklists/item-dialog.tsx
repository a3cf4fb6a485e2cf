import { Button, CloseButton, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate } from '../../data/index.ts';
import type { ChecklistItemRow } from '../../db/row-schemas.ts';
import { mutateErrorText } from '../events/mutate-error.ts';
import { itemChanges, type Member } from './checklist-rules.ts';

interface ItemDialogProps {
  item: ChecklistItemRow;
  members: readonly Member[];
  nameOf(userId: string): string;
  onClose(): void;
}

/** Edits an item's text, quantity, assignee and due date (only the changed fields are sent), or deletes it. */
export function ItemDialog({ item, members, nameOf, onClose }: ItemDialogProps) {
  const [text, setText] = useState(item.text);
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [assigneeId, setAssigneeId] = useState(item.assignee_id ?? '');
  const [dueDate, setDueDate] = useState(item.due_date ?? '');
  const [error, setError] = useState<string | null>(null);
  const assigneeGone = item.assignee_id && !members.some((m) => m.user_id === item.assignee_id);

  async function save(event: FormEvent) {
    event.preventDefault();
    const result = itemChanges(item, { text, quantity, assigneeId, dueDate });
    if ('error' in result) return setError(result.error);
    if (Object.keys(result.changes).length === 0) return onClose();
    try {
      await mutate('checklist-item.update', { id: item.id, changes: result.changes });
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, 'The item could not be saved.'));
    }
  }

  async function remove() {
    try {
      await mutate('checklist-item.delete', { id: item.id });
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, 'The item could not be deleted.'));
    }
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Edit item</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id="checklist-item-form" onSubmit={(e) => void save(e)} noValidate>
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>Item</Field.Label>
                    <Input value={text} onChange={(e) => setText(e.target.value)} maxLength={500} />
                  </Field.Root>
                  <HStack gap="3" align="start">
                    <Field.Root maxW="8rem">
                      <Field.Label>Quantity</Field.Label>
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={100000}
                        value={quantity}
                        onChange={(e) => setQuantity(e.target.value)}
                      />
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Due date</Field.Label>
                      <Input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
                    </Field.Root>
                  </HStack>
                  <Field.Root>
                    <Field.Label>Assigned to</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
                        <option value="">Nobody</option>
                        {assigneeGone ? <option value={item.assignee_id!}>{nameOf(item.assignee_id!)}</option> : null}
                        {members.map((m) => (
                          <option key={m.user_id} value={m.user_id}>
                            {nameOf(m.user_id)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {error ? <FormMessage status="error">{error}</FormMessage> : null}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between" flexWrap="wrap">
              <Button variant="ghost" colorPalette="red" onClick={() => void remove()}>
                <Trash2 aria-hidden />
                Delete item
              </Button>
              <HStack>
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" form="checklist-item-form">
                  Save changes
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
