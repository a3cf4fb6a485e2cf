import { Badge, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useState } from 'react';
import { errorText } from '../admin-errors.ts';
import { NOT_MAILED, processWaitlistEntry, sendApprovalEmail, type WaitlistEntry } from '../admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';
import { ApprovalLink, type MailState } from './approval-link.tsx';

const STATUS_PALETTE: Record<string, string> = { approved: 'green', rejected: 'red', pending: 'gray' };

interface WaitlistEntryCardProps {
  entry: WaitlistEntry;
  isDisabled: boolean;
}

/** One waitlist entry: who, when, status, notes; approve or reject it. */
export function WaitlistEntryCard({ entry: initial, isDisabled }: WaitlistEntryCardProps) {
  const [entry, setEntry] = useState(initial);
  const [notes, setNotes] = useState(entry.notes ?? '');
  const [busy, setBusy] = useState<'approved' | 'rejected' | null>(null);
  const [error, setError] = useState<{ message: string; detail: string | null } | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [mail, setMail] = useState<MailState>({ state: 'sending' });

  async function mailLink() {
    setMail({ state: 'sending' });
    try {
      setMail({ state: 'sent', message: await sendApprovalEmail(entry.id) });
    } catch (caught) {
      setMail({ state: 'failed', ...errorText(caught, NOT_MAILED) });
    }
  }

  async function process(status: 'approved' | 'rejected') {
    setBusy(status);
    setError(null);
    let isApproved = false;
    try {
      const answer = await processWaitlistEntry(entry.id, status, notes);
      setLink(answer.link ?? null);
      setEntry(answer.entry);
      isApproved = Boolean(answer.link);
    } catch (caught) {
      setError(errorText(caught, 'Failed to process waitlist entry'));
    } finally {
      setBusy(null);
    }
    // Approving shows the link at once and mails it (issue 9); the mail's outcome follows.
    if (isApproved) await mailLink();
  }

  const label = entry.name ? `${entry.name} (${entry.email})` : entry.email;
  return (
    <Stack as="li" aria-label={label} gap="3" p="4" borderWidth="1px" rounded="xl" bg="bg.panel">
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Stack gap="0">
          <Text fontWeight="semibold">{entry.name ?? entry.email}</Text>
          {entry.name ? (
            <Text textStyle="sm" color="fg.muted">
              {entry.email}
            </Text>
          ) : null}
          <Text textStyle="xs" color="fg.muted">
            Joined {format(new Date(entry.created_at), 'd MMM yyyy, HH:mm')}
          </Text>
        </Stack>
        <Badge colorPalette={STATUS_PALETTE[entry.status] ?? 'gray'} textTransform="capitalize">
          {entry.status}
        </Badge>
      </HStack>
      <Textarea
        size="sm"
        rows={2}
        value={notes}
        maxLength={2000}
        onChange={(e) => setNotes(e.target.value)}
        placeholder="Notes (optional)"
        aria-label={`Notes for ${entry.email}`}
        disabled={isDisabled}
      />
      {error ? <AdminAlert message={error.message} detail={error.detail} /> : null}
      <HStack gap="2">
        <Button
          size="sm"
          loading={busy === 'approved'}
          disabled={isDisabled || busy !== null}
          onClick={() => void process('approved')}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          loading={busy === 'rejected'}
          disabled={isDisabled || busy !== null}
          onClick={() => void process('rejected')}
        >
          Reject
        </Button>
      </HStack>
      {link ? (
        <ApprovalLink
          email={entry.email}
          link={link}
          mail={mail}
          onRetry={() => void mailLink()}
          isDisabled={isDisabled}
        />
      ) : null}
    </Stack>
  );
}
