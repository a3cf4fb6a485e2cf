import { Field, Input } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field.tsx';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { mutate } from '../../data/index.ts';
import type { ChecklistKind, ChecklistRow } from './sync/checklist-rows.ts';
import { useSave } from '../events/index.ts';
import { KIND_LABELS, KINDS } from './list-kinds.ts';

/** Creates a list (title and kind) or, given one, renames it. */
export function ListDialog({ eventId, list, onClose }: { eventId: string; list?: ChecklistRow; onClose(): void }) {
  const [title, setTitle] = useState(list?.title ?? '');
  const [kind, setKind] = useState<ChecklistKind>(list?.kind ?? 'packing');
  const { error, setError, isSaving, save } = useSave();

  async function submit() {
    const value = title.trim();
    if (!value) return setError('The list needs a title.');
    if (value.length > 200) return setError('Titles can be 200 characters at most.');
    const saved = await save(async () => {
      if (!list) return mutate('checklist.create', { eventId, title: value, kind });
      const changes = { ...(value !== list.title && { title: value }), ...(kind !== list.kind && { kind }) };
      if (Object.keys(changes).length) await mutate('checklist.update', { id: list.id, changes });
    }, 'The list could not be saved.');
    if (saved) onClose();
  }

  return (
    <FormDialog
      title={list ? 'Rename list' : 'New list'}
      submitLabel={list ? 'Save changes' : 'Add list'}
      error={error}
      isSaving={isSaving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field.Root required>
        <Field.Label>List title</Field.Label>
        <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} placeholder="Camp kitchen" />
      </Field.Root>
      <SelectField
        label="Kind of list"
        value={kind}
        onChange={(value) => setKind(value as ChecklistKind)}
        options={KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
      />
    </FormDialog>
  );
}
