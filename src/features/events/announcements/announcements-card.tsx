import { Badge, HStack, Separator, Stack, Switch, Text } from '@chakra-ui/react';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { mutate } from '../../../data/index.ts';
import { AnnouncementComposer } from './announcement-composer.tsx';
import { postedAt } from './pinned-announcements.tsx';
import { useEventAnnouncements } from './use-announcements.ts';

/** How many of the latest announcements the card lists. */
const SHOWN = 3;

interface Props {
  eventId: string;
  isManager: boolean;
  names: ReadonlyMap<string, string>;
}

/**
 * Announcements of an organizer event on its overview: managers post one (priority or not), every
 * member reads the latest ones and may follow all of the event's activity as system notifications.
 */
export function AnnouncementsCard({ eventId, isManager, names }: Props) {
  const { announcements, isFollowing } = useEventAnnouncements(eventId);
  const [error, setError] = useState<string | null>(null);

  function follow(on: boolean) {
    setError(null);
    mutate('event.set-follow', { eventId, follow: on }).catch(() => setError('Failed to save. Please try again.'));
  }

  return (
    <SectionCard title="Announcements" icon={<Megaphone aria-hidden size={20} />} gap="4">
      {isManager ? <AnnouncementComposer eventId={eventId} /> : null}
      {announcements.length ? (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Latest announcements">
          {announcements.slice(0, SHOWN).map((a) => (
            <Stack
              as="li"
              key={a.id}
              gap="1"
              borderLeftWidth="3px"
              borderColor={a.priority ? 'orange.400' : 'border'}
              pl="3"
            >
              <HStack gap="2" wrap="wrap">
                {a.priority ? (
                  <Badge colorPalette="orange" variant="subtle">
                    Priority
                  </Badge>
                ) : null}
                <Text textStyle="xs" color="fg.muted">
                  {names.get(a.author_id ?? '') ?? 'A manager'} · {postedAt(a.created_at)}
                </Text>
              </HStack>
              {a.title ? <Text fontWeight="semibold">{a.title}</Text> : null}
              <Text textStyle="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                {a.body}
              </Text>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted" textStyle="sm">
          No announcements yet.
        </Text>
      )}
      <Separator />
      <HStack justify="space-between" gap="3">
        <Stack gap="0">
          <Text fontWeight="medium" id={`follow-${eventId}`}>
            Follow all activity
          </Text>
          <Text textStyle="xs" color="fg.muted">
            A system notification for everything that happens in this event.
          </Text>
        </Stack>
        <Switch.Root
          checked={isFollowing}
          onCheckedChange={(d) => follow(d.checked)}
          colorPalette="forest"
          minH="11"
          flexShrink={0}
        >
          <Switch.HiddenInput aria-labelledby={`follow-${eventId}`} />
          <Switch.Control />
        </Switch.Root>
      </HStack>
      {error ? <FormMessage status="error">{error}</FormMessage> : null}
    </SectionCard>
  );
}
