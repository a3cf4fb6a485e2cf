import { Button, HStack, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AdminAlert } from './admin-alert.tsx';

export type MailState =
  | { state: 'sending' }
  | { state: 'sent'; message: string }
  | { state: 'failed'; message: string; detail: string | null };

interface ApprovalLinkProps {
  email: string;
  link: string;
  /** How mailing the link to the person went (send-approval-email). */
  mail: MailState;
  onRetry(): void;
  isDisabled: boolean;
}

/**
 * The approval link of an approved entry, to copy, and whether the backend mailed it. When the
 * mail could not go out the admin can try again or send the link from their own mail program.
 */
export function ApprovalLink({ email, link, mail, onRetry, isDisabled }: ApprovalLinkProps) {
  const url = `${window.location.origin}${link}`;
  const [isCopied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setCopyError(false);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopyError(true);
    }
  }

  const mailto = `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(
    'Your CrewCamp spot is ready',
  )}&body=${encodeURIComponent(`Welcome to CrewCamp! Create your account here:\n\n${url}\n`)}`;

  return (
    <Stack gap="2" p="3" rounded="lg" bg="forest.subtle">
      <Text textStyle="sm" fontWeight="medium">
        Approval link for {email}
      </Text>
      <HStack gap="2">
        <Input size="sm" readOnly value={url} aria-label={`Approval link for ${email}`} bg="bg" />
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </HStack>
      {copyError ? (
        <Text textStyle="sm" color="fg.error">
          Failed to copy link to clipboard
        </Text>
      ) : null}
      {mail.state === 'sending' ? (
        <HStack gap="2" role="status">
          <Spinner size="xs" />
          <Text textStyle="sm">Mailing the link to {email}...</Text>
        </HStack>
      ) : null}
      {mail.state === 'sent' ? <AdminAlert status="success" message={mail.message} /> : null}
      {mail.state === 'failed' ? (
        <>
          <AdminAlert message={mail.message} detail={mail.detail} />
          <HStack gap="3" wrap="wrap">
            <Button size="sm" variant="outline" disabled={isDisabled} onClick={onRetry}>
              Try mailing again
            </Button>
            <Link href={mailto} textStyle="sm" color="forest.fg" fontWeight="medium">
              Send it from your own mail
            </Link>
          </HStack>
        </>
      ) : null}
    </Stack>
  );
}
