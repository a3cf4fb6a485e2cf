import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * The approval link of an approved entry, to copy or to send by mail. The backend has no mail
 * path for approvals, so the admin's own mail program sends it (a prepared message).
 */
export function ApprovalLink({ email, link }: { email: string; link: string }) {
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
      <Link href={mailto} textStyle="sm" color="forest.fg" fontWeight="medium">
        Send the link by mail
      </Link>
    </Stack>
  );
}
