import { Button, Field, Heading, Input, Stack, Textarea } from '@chakra-ui/react';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useKnownPeople } from './use-known-people.ts';
import { inviteSuggestions } from './invite-suggestions.ts';
import { SuggestionList } from './suggestion-list.tsx';
import type { MembersPanelProps } from './use-dialog-feedback.ts';

/** 'Invite New Member': an email (with suggestions of people I know), an optional message, Send Invitation. */
export function InviteForm({ eventId, members, feedback }: MembersPanelProps) {
  const people = useKnownPeople();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [isSending, setSending] = useState(false);
  const [isSuggesting, setSuggesting] = useState(false);
  const suggestions = isSuggesting ? inviteSuggestions(people, new Set(members.map((m) => m.user_id)), email) : [];

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return;
    setSending(true);
    setSuggesting(false);
    const isQueued = await feedback.run(
      'invitation.send',
      { eventId, email: email.trim(), message: message.trim() || null },
      'Failed to send invitation',
      'Invitation sent successfully',
    );
    setSending(false);
    if (isQueued) {
      setEmail('');
      setMessage('');
    }
  }

  return (
    <Stack asChild gap="3">
      <form aria-labelledby="invite-new-member" onSubmit={(e) => void send(e)} noValidate>
        <Heading as="h3" id="invite-new-member" textStyle="md">
          Invite New Member
        </Heading>
        <Field.Root position="relative">
          <Field.Label>Email address</Field.Label>
          <Input
            type="email"
            value={email}
            autoComplete="off"
            placeholder="friend@example.com"
            onChange={(e) => {
              setEmail(e.target.value);
              setSuggesting(true);
            }}
            onBlur={() => setTimeout(() => setSuggesting(false), 150)}
          />
          <SuggestionList
            suggestions={suggestions}
            onPick={(picked) => {
              setEmail(picked);
              setSuggesting(false);
            }}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Personal message (optional)</Field.Label>
          <Textarea
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            rows={2}
            maxLength={1000}
            placeholder="Come camping with us!"
          />
        </Field.Root>
        <Button
          type="submit"
          disabled={isSending || !email.trim()}
          loading={isSending}
          loadingText="Sending..."
          alignSelf={{ base: 'stretch', sm: 'flex-end' }}
        >
          <Send aria-hidden />
          Send Invitation
        </Button>
      </form>
    </Stack>
  );
}
