import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field.tsx';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { mutate } from '../../data/index.ts';
import type { ChecklistItemRow } from './sync/checklist-rows.ts';
import { useSave } from '../events/index.ts';
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
  const { error, setError, isSaving, save } = useSave();
  const assigneeGone = item.assignee_id && !members.some((m) => m.user_id === item.assignee_id);

  async function submit() {
    const result = itemChanges(item, { text, quantity, assigneeId, dueDate });
    if ('error' in result) return setError(result.error);
    if (Object.keys(result.changes).length === 0) return onClose();
    const saved = await save(
      () => mutate('checklist-item.update', { id: item.id, changes: result.changes }),
      'The item could not be saved.',
    );
    if (saved) onClose();
  }

  async function remove() {
    if (await save(() => mutate('checklist-item.delete', { id: item.id }), 'The item could not be deleted.')) onClose();
  }

  return (
    <FormDialog
      title="Edit item"
      submitLabel="Save changes"
      error={error}
      isSaving={isSaving}
      onSubmit={submit}
      onClose={onClose}
      extraAction={
        <Button variant="ghost" colorPalette="red" me={{ sm: 'auto' }} onClick={() => void remove()}>
          <Trash2 aria-hidden />
          Delete item
        </Button>
      }
    >
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
      <SelectField
        label="Assigned to"
        value={assigneeId}
        onChange={setAssigneeId}
        options={[
          { value: '', label: 'Nobody' },
          ...(assigneeGone ? [{ value: item.assignee_id!, label: nameOf(item.assignee_id!) }] : []),
          ...members.map((m) => ({ value: m.user_id, label: nameOf(m.user_id) })),
        ]}
      />
    </FormDialog>
  );
}
