import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';
import { mutate } from '../../../data/index.ts';
import type { AnnouncementRow } from '../sync/index.ts';
import { useEventAnnouncements } from './use-announcements.ts';

interface Props {
  eventId: string;
  /** Each member's name (the author's is shown). */
  names: ReadonlyMap<string, string>;
}

/**
 * Priority announcements the user has not seen yet, pinned at the top of the event overview until
 * they press "Got it" (saved through the outbox: offline too, and on every device of theirs).
 */
export function PinnedAnnouncements({ eventId, names }: Props) {
  const { pinned } = useEventAnnouncements(eventId);
  const [error, setError] = useState<string | null>(null);
  if (!pinned.length) return null;

  function gotIt(announcement: AnnouncementRow) {
    setError(null);
    mutate('announcement.mark-seen', { eventId, announcementId: announcement.id }).catch(() =>
      setError('Failed to save. Please try again.'),
    );
  }

  return (
    <Stack gap="3" mb="4" as="section" aria-label="Priority announcements">
      {pinned.map((announcement) => (
        <Box
          key={announcement.id}
          role="status"
          aria-label={announcement.title ?? 'Priority announcement'}
          borderWidth="1px"
          borderColor="orange.300"
          bg="orange.subtle"
          rounded="lg"
          p="4"
        >
          <Stack gap="2">
            <HStack gap="2" wrap="wrap">
              <Megaphone aria-hidden size={18} />
              <Badge colorPalette="orange" variant="solid">
                Priority
              </Badge>
              <Text textStyle="sm" color="fg.muted">
                {names.get(announcement.author_id ?? '') ?? 'A manager'} · {postedAt(announcement.created_at)}
              </Text>
            </HStack>
            {announcement.title ? <Text fontWeight="semibold">{announcement.title}</Text> : null}
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {announcement.body}
            </Text>
            <Button alignSelf="flex-start" minH="11" colorPalette="orange" onClick={() => gotIt(announcement)}>
              Got it
            </Button>
          </Stack>
        </Box>
      ))}
      {error ? <FormMessage status="error">{error}</FormMessage> : null}
    </Stack>
  );
}

/** When it was posted, in the reader's words ("25 Nov, 21:04"). */
export function postedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
