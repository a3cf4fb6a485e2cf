import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { EmailField } from '../../../components/text-field.tsx';
import { useQueuedWrite } from '../use-queued-write.ts';
import { OutcomeMessage } from './outcome-message.tsx';

/** Sends a friend request by email, with an optional message. */
export function SendRequestForm() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const { outcome, run } = useQueuedWrite('Failed to send friend request');
  const [isSending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    const isQueued = await run('friend.request', { email: email.trim(), message: message.trim() || null });
    setSending(false);
    if (isQueued) {
      setEmail('');
      setMessage('');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send a friend request">
      <Stack gap="3">
        <EmailField id="friend-email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field.Root id="friend-message">
          <Field.Label>Message (optional)</Field.Label>
          <Textarea rows={2} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
        </Field.Root>
        <OutcomeMessage outcome={outcome} done="Friend request sent" />
        <Button type="submit" alignSelf="start" loading={isSending} disabled={!email.trim()}>
          Send friend request
        </Button>
      </Stack>
    </form>
  );
}
