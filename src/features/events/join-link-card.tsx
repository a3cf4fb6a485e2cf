import { Box, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { isTempId } from '../../sync/temp-ids.ts';
import { CopyButton } from './copy-button.tsx';
import { SectionCard } from '../../components/section-card.tsx';

/** Shown instead of a join link while the event exists only on this device (made offline). */
export const JOIN_LINK_PENDING = 'The join link appears once this event has reached the server.';

/**
 * The event's join link: as text to copy and as a QR code to show at the campsite. An event made
 * offline has only its local id, which no one else could join by, so it says when the link comes.
 */
export function JoinLinkCard({ eventId, eventName }: { eventId: string; eventName: string }) {
  const link = `${window.location.origin}${paths.join.href(eventId)}`;
  const [error, setError] = useState<string | null>(null);
  return (
    <SectionCard title="Join link" titleSize="lg">
      {isTempId(eventId) ? (
        <Text color="fg.muted" textStyle="sm">
          {JOIN_LINK_PENDING}
        </Text>
      ) : (
        <>
          <Text color="fg.muted" textStyle="sm">
            Share this link with others to invite them to this event
          </Text>
          <HStack>
            <Input readOnly value={link} aria-label="Join link" onFocus={(e) => e.target.select()} />
            <CopyButton text={link} onError={setError} />
          </HStack>
          {error ? <FormMessage status="error">{error}</FormMessage> : null}
          <Stack align="center" gap="2">
            <Box bg="white" p="3" rounded="lg" borderWidth="1px">
              <QRCodeSVG value={link} size={176} title={`QR code to join ${eventName}`} marginSize={1} />
            </Box>
            <Text color="fg.muted" textStyle="xs" textAlign="center">
              Scan to join on another phone
            </Text>
          </Stack>
        </>
      )}
    </SectionCard>
  );
}
