import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { paths } from '../../../lib/paths.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { generateInviteCode } from '../friend-calls.ts';

/** Makes an invite link (valid 30 days) to share or show as a QR code. */
export function InviteLinkCard({ isOnline }: { isOnline: boolean }) {
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isCopied, setCopied] = useState(false);

  async function generate() {
    setBusy(true);
    setError(null);
    const result = await generateInviteCode();
    setBusy(false);
    if (result.ok) setLink(`${window.location.origin}${paths.friendInvite.href(result.value)}`);
    else setError(result.message);
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setError('Failed to copy link to clipboard');
    }
  }

  return (
    <Stack gap="3">
      {link ? (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'stretch', sm: 'center' }}>
          <Box p="3" bg="white" rounded="lg" borderWidth="1px" alignSelf={{ base: 'center', sm: 'auto' }}>
            <QRCodeSVG value={link} size={144} role="img" aria-label="QR code of your invite link" />
          </Box>
          <Stack gap="2" flex="1" minW="0">
            <HStack gap="2">
              <Input readOnly value={link} aria-label="Your invite link" onFocus={(e) => e.target.select()} />
              <Button variant="outline" onClick={() => void copy()}>
                {isCopied ? 'Copied' : 'Copy'}
              </Button>
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              Whoever opens it and signs in becomes your friend. The link works for 30 days.
            </Text>
          </Stack>
        </Stack>
      ) : null}
      {error ? <FormMessage status="error">{error}</FormMessage> : null}
      <Button
        alignSelf="start"
        variant={link ? 'outline' : 'solid'}
        onClick={() => void generate()}
        loading={isBusy}
        disabled={!isOnline}
      >
        {link ? 'Make a new invite link' : 'Create invite link'}
      </Button>
      {!isOnline ? (
        <Text textStyle="sm" color="fg.muted">
          Invite links need a connection.
        </Text>
      ) : null}
    </Stack>
  );
}
