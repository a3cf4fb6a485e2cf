import { Button, Field, HStack, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';
import { mutate, MutationValidationError } from '../../../data/index.ts';
import { ANNOUNCEMENT_BODY_MAX } from '../sync/index.ts';

/**
 * A manager's announcement to the whole crew. Priority ones are pinned on every member's overview
 * until they press "Got it" and reach them as a system notification whatever their settings say;
 * the others go to the bell like any event change. Queued through the outbox (offline too).
 */
export function AnnouncementComposer({ eventId }: { eventId: string }) {
  const [body, setBody] = useState('');
  const [isPriority, setPriority] = useState(false);
  const [message, setMessage] = useState<{ status: 'error' | 'success'; text: string } | null>(null);

  async function post(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      await mutate('announcement.post', { eventId, body, priority: isPriority });
      setBody('');
      setPriority(false);
      setMessage({ status: 'success', text: isPriority ? 'Priority announcement posted' : 'Announcement posted' });
    } catch (error) {
      const text = error instanceof MutationValidationError ? error.message : 'Failed to post the announcement';
      setMessage({ status: 'error', text });
    }
  }

  return (
    <Stack as="form" gap="3" onSubmit={post} aria-label="Post an announcement">
      <Field.Root invalid={message?.status === 'error'}>
        <Field.Label>Announcement</Field.Label>
        <Textarea
          value={body}
          onChange={(e) => setBody(e.target.value)}
          maxLength={ANNOUNCEMENT_BODY_MAX}
          rows={3}
          placeholder="Gates open at 9:00, bring your wristband"
        />
      </Field.Root>
      <HStack justify="space-between" gap="3">
        <Stack gap="0">
          <Text fontWeight="medium" id={`priority-${eventId}`}>
            Priority
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Pinned for everyone until they press Got it, and sent as a system notification to all.
          </Text>
        </Stack>
        <Switch.Root
          checked={isPriority}
          onCheckedChange={(d) => setPriority(d.checked)}
          colorPalette="orange"
          minH="11"
          flexShrink={0}
        >
          <Switch.HiddenInput aria-labelledby={`priority-${eventId}`} />
          <Switch.Control />
        </Switch.Root>
      </HStack>
      <Button type="submit" colorPalette="forest" minH="11" disabled={!body.trim()}>
        Post announcement
      </Button>
      {message ? <FormMessage status={message.status}>{message.text}</FormMessage> : null}
    </Stack>
  );
}
