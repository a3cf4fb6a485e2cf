import { Button, Card, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { NotebookPen, Pencil, Printer } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useId, useState } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';
import { ReplacedNotices } from '../../../components/replaced-notices.tsx';
import { mutate } from '../../../data/index.ts';
import { useSave } from '../use-save.ts';
import { EVENT_NOTE_EDIT_GROUPS, EVENT_NOTES_MAX } from '../sync/event-note-kinds.ts';
import { NoteTextView } from './note-text-view.tsx';
import { useEventNotes } from './use-event-notes.ts';
import type { EventPage } from '../use-event-page.ts';

type ReadyPage = Extract<EventPage, { status: 'ready' }>;

/**
 * The pinned notes on the overview: what everyone needs at the gate (address, meeting point,
 * tickets, wifi, emergency numbers). Every member reads them; managers edit them, offline too.
 * The way to the crew sheet starts here too.
 */
export function EventNotesCard({ page }: { page: ReadyPage }) {
  const { myUserId, names } = page;
  const eventId = page.event.id;
  // A deleted event's notes are kept as they are.
  const isManager = page.isManager && page.event.status !== 'deleted';
  const notes = useEventNotes(eventId);
  const [draft, setDraft] = useState<string | null>(null);
  const { error, setError, isSaving, save } = useSave();
  const titleId = useId();
  const body = notes?.body ?? '';

  async function submit() {
    if (draft === null) return;
    const ok = await save(() => mutate('event-notes.update', { eventId, body: draft }), 'The notes could not be saved');
    if (ok) setDraft(null);
  }

  const editor = draft !== null;
  return (
    <Card.Root as="section" aria-labelledby={titleId} borderColor="colorPalette.muted" colorPalette="forest">
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <HStack gap="2">
            <NotebookPen size={20} aria-hidden />
            <Heading as="h2" id={titleId} textStyle="lg">
              Event notes
            </Heading>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="ghost" size="sm" minH="11">
              <RouterLink to={`${paths.event.href(eventId)}/sheet`}>
                <Printer aria-hidden />
                Crew sheet
              </RouterLink>
            </Button>
            {isManager && !editor ? (
              <Button
                variant="outline"
                size="sm"
                minH="11"
                onClick={() => {
                  setError(null);
                  setDraft(body);
                }}
              >
                <Pencil aria-hidden />
                {body ? 'Edit notes' : 'Add notes'}
              </Button>
            ) : null}
          </HStack>
        </HStack>
        {notes ? (
          <ReplacedNotices
            rows={[{ id: eventId, title: 'Event notes', replaced: notes.replaced }]}
            groups={EVENT_NOTE_EDIT_GROUPS}
            myUserId={myUserId}
            names={names}
          />
        ) : null}
        {editor ? (
          <Stack asChild gap="3">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Field.Root invalid={draft.length > EVENT_NOTES_MAX}>
                <Field.Label>Notes for the whole crew</Field.Label>
                <Textarea
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  rows={8}
                  autoresize
                  placeholder={'Address, meeting point, tickets, wifi, emergency numbers…'}
                />
                <Field.HelperText>
                  {draft.length} / {EVENT_NOTES_MAX} characters. Links and phone numbers become tappable.
                </Field.HelperText>
              </Field.Root>
              {error ? <FormMessage status="error">{error}</FormMessage> : null}
              <HStack justify="end" gap="2">
                <Button variant="ghost" minH="11" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
                <Button type="submit" minH="11" loading={isSaving} disabled={draft.length > EVENT_NOTES_MAX}>
                  Save notes
                </Button>
              </HStack>
            </form>
          </Stack>
        ) : body ? (
          <NoteTextView body={body} />
        ) : !isManager ? (
          <Text color="fg.muted">No event notes yet.</Text>
        ) : (
          <Text color="fg.muted">
            Nothing yet. Add what everyone needs at the gate: the address, the meeting point, tickets, wifi and
            emergency numbers.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
