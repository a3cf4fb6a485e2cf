import { Box, Button, CloseButton, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { SendHorizontal } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { composerState } from './chat-helpers.ts';

interface ComposerProps {
  replyTo: { name: string; body: string } | null;
  onCancelReply(): void;
  /** Queues the message; answers the message to show when it was refused before queueing. */
  onSend(body: string): Promise<string | null>;
  onTyping(): void;
}

/** On a touch screen Enter is a new line (the keyboard's own key sends nothing by accident). */
const isTouch = () => typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

/**
 * The message box: Enter sends on a desktop (Shift+Enter for a new line), the Send button
 * everywhere; the 4,000-character rule is said before sending and the button waits until it holds.
 */
export function Composer({ replyTo, onCancelReply, onSend, onTyping }: ComposerProps) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const state = composerState(body);
  const shown = state.error ?? error;

  async function send() {
    if (!state.canSend) return;
    const text = body;
    setBody('');
    // Blank lines left at the end (a phone's Enter) are not part of the message.
    const refused = await onSend(text.trimEnd());
    if (refused) {
      setBody(text);
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
      {replyTo ? (
        <HStack
          gap="2"
          mb="2"
          px="2"
          py="1"
          bg="bg.muted"
          rounded="md"
          borderStartWidth="3px"
          borderColor="forest.solid"
        >
          <Text textStyle="xs" flex="1" lineClamp={2} color="fg.muted">
            Replying to <strong>{replyTo.name}</strong>: {replyTo.body}
          </Text>
          <CloseButton size="2xs" aria-label="Cancel the reply" onClick={onCancelReply} />
        </HStack>
      ) : null}
      <Field.Root invalid={Boolean(shown)}>
        <Field.Label srOnly>Message</Field.Label>
        <HStack align="end" gap="2" w="full">
          <Textarea
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              setError(null);
              if (e.target.value) onTyping();
            }}
            onKeyDown={onKeyDown}
            placeholder="Write a message"
            autoresize
            maxH="40"
            rows={1}
            fontSize="md"
            enterKeyHint="enter"
          />
          <Button type="submit" disabled={!state.canSend} aria-label="Send" px={{ base: '3', md: '4' }}>
            <SendHorizontal aria-hidden />
            <Box as="span" hideBelow="sm">
              Send
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
