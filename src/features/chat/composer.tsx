import { Box, Button, CloseButton, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { ImagePlus, SendHorizontal } from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { composerState } from './chat-helpers.ts';

interface ComposerProps {
  replyTo: { name: string; body: string } | null;
  onCancelReply(): void;
  /** Editing one's own message: its text to start from (the parent remounts the composer per edit). */
  editing: { body: string } | null;
  onCancelEdit(): void;
  /** Queues the message (or the edit); answers the message to show when it was refused before queueing. */
  onSend(body: string): Promise<string | null>;
  /** Queues a photo with the text as its caption; answers why it was refused, if it was. */
  onSendPhoto(photo: File, caption: string): Promise<string | null>;
  onTyping(): void;
}

/** On a touch screen Enter is a new line (the keyboard's own key sends nothing by accident). */
const isTouch = () => typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

const hidden = { position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' } as const;

function Banner({ children, onCancel, cancelLabel }: { children: ReactNode; onCancel(): void; cancelLabel: string }) {
  return (
    <HStack gap="2" mb="2" px="2" py="1" bg="bg.muted" rounded="md" borderStartWidth="3px" borderColor="forest.solid">
      <Text textStyle="xs" flex="1" minW="0" lineClamp={2} color="fg.muted">
        {children}
      </Text>
      <CloseButton size="sm" aria-label={cancelLabel} onClick={onCancel} />
    </HStack>
  );
}

/**
 * The message box: Enter sends on a desktop (Shift+Enter for a new line), the Send button
 * everywhere; the 4,000-character rule is said before sending and the button waits until it holds.
 * A photo chosen here goes with the text as its caption; an edit replaces the text of one's message.
 */
export function Composer(props: ComposerProps) {
  const { replyTo, onCancelReply, editing, onCancelEdit, onSend, onSendPhoto, onTyping } = props;
  const [body, setBody] = useState(editing?.body ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = composerState(body);
  const canSend = photo ? state.error === null : state.canSend;
  const shown = state.error ?? error;

  async function send() {
    if (!canSend) return;
    const text = body;
    const chosen = photo;
    setBody('');
    setPhoto(null);
    // Blank lines left at the end (a phone's Enter) are not part of the message.
    const refused = chosen ? await onSendPhoto(chosen, text.trimEnd()) : await onSend(text.trimEnd());
    if (refused) {
      setBody(text);
      setPhoto(chosen);
      setError(refused);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && !isTouch()) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <Box
      as="form"
      aria-label="Write a message"
      borderTopWidth="1px"
      pt="2"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {editing ? (
        <Banner onCancel={onCancelEdit} cancelLabel="Cancel the edit">
          <strong>Editing your message</strong>
        </Banner>
      ) : replyTo ? (
        <Banner onCancel={onCancelReply} cancelLabel="Cancel the reply">
          Replying to <strong>{replyTo.name}</strong>: {replyTo.body}
        </Banner>
      ) : null}
      {photo ? (
        <Banner onCancel={() => setPhoto(null)} cancelLabel="Remove the photo">
          Photo: <strong>{photo.name}</strong> (the text below is its caption)
        </Banner>
      ) : null}
      <Field.Root invalid={Boolean(shown)}>
        <Field.Label srOnly>Message</Field.Label>
        <HStack align="end" gap="2" w="full">
          {editing ? null : (
            <Button asChild variant="ghost" px="2" minW="11" h="11">
              <label>
                <ImagePlus aria-hidden />
                <input
                  type="file"
                  accept="image/*"
                  aria-label="Add a photo"
                  style={hidden}
                  onChange={(e) => {
                    setPhoto(e.target.files?.[0] ?? null);
                    setError(null);
                    e.target.value = '';
                  }}
                />
              </label>
            </Button>
          )}
          <Textarea
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              setError(null);
              if (e.target.value) onTyping();
            }}
            onKeyDown={onKeyDown}
            placeholder={photo ? 'Add a caption' : 'Write a message'}
            autoresize
            maxH="40"
            rows={1}
            fontSize="md"
            enterKeyHint="enter"
          />
          <Button
            type="submit"
            disabled={!canSend}
            aria-label={editing ? 'Save' : 'Send'}
            px={{ base: '3', md: '4' }}
            h="11"
          >
            <SendHorizontal aria-hidden />
            <Box as="span" hideBelow="sm">
              {editing ? 'Save' : 'Send'}
            </Box>
          </Button>
        </HStack>
        {shown ? <Field.ErrorText>{shown}</Field.ErrorText> : null}
        {!shown && state.left < 500 ? (
          <Field.HelperText>{`${state.left.toLocaleString('en-US')} characters left`}</Field.HelperText>
        ) : null}
      </Field.Root>
    </Box>
  );
}
