import { Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate } from '../../data/index.ts';
import type { ChecklistKind, ChecklistRow } from '../../db/row-schemas.ts';
import { mutateErrorText } from '../events/mutate-error.ts';
import { KIND_LABELS, KINDS } from './list-kinds.ts';

/** Creates a list (title and kind) or, given one, renames it. */
export function ListDialog({ eventId, list, onClose }: { eventId: string; list?: ChecklistRow; onClose(): void }) {
  const [title, setTitle] = useState(list?.title ?? '');
  const [kind, setKind] = useState<ChecklistKind>(list?.kind ?? 'packing');
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = title.trim();
    if (!value) return setError('The list needs a title.');
    if (value.length > 200) return setError('Titles can be 200 characters at most.');
    try {
      if (list) {
        const changes = { ...(value !== list.title && { title: value }), ...(kind !== list.kind && { kind }) };
        if (Object.keys(changes).length) await mutate('checklist.update', { id: list.id, changes });
      } else {
        await mutate('checklist.create', { eventId, title: value, kind });
      }
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, 'The list could not be saved.'));
    }
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{list ? 'Rename list' : 'New list'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id="checklist-form" onSubmit={(e) => void save(e)} noValidate>
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>List title</Field.Label>
                    <Input
                      value={title}
                      onChange={(e) => setTitle(e.target.value)}
                      maxLength={200}
                      placeholder="Camp kitchen"
                    />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Kind of list</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={kind} onChange={(e) => setKind(e.target.value as ChecklistKind)}>
                        {KINDS.map((k) => (
                          <option key={k} value={k}>
                            {KIND_LABELS[k]}
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
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" form="checklist-form">
                {list ? 'Save changes' : 'Add list'}
              </Button>
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
