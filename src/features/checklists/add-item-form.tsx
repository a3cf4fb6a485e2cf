import { HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate } from '../../data/index.ts';
import { mutateErrorText } from '../events/index.ts';

/** Adds an item at the end of a list; the field stays focused for the next one. */
export function AddItemForm({
  checklistId,
  eventId,
  listTitle,
}: {
  checklistId: string;
  eventId: string;
  listTitle: string;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError('The item needs a text.');
    if (value.length > 500) return setError('Items can be 500 characters at most.');
    try {
      await mutate('checklist-item.add', { checklistId, eventId, text: value });
      setText('');
      setError(null);
    } catch (failure) {
      setError(mutateErrorText(failure, 'The item could not be added.'));
    }
  }

  return (
    <form onSubmit={(e) => void add(e)} noValidate aria-label={`Add an item to ${listTitle}`}>
      <Stack gap="2">
        <HStack gap="2">
          <Input
            aria-label={`New item for ${listTitle}`}
            placeholder="Add an item"
            value={text}
            maxLength={500}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
          <IconButton type="submit" aria-label={`Add item to ${listTitle}`} variant="subtle">
            <Plus />
          </IconButton>
        </HStack>
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
      </Stack>
    </form>
  );
}
