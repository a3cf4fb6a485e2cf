import { Box, Button, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, Copy, RefreshCw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useIsOnline } from '../../data/use-is-online.ts';
import { env } from '../../lib/env.ts';
import { callRpc, readRows } from '../../sync/backend.ts';

/** The feed's address for a token: the calendar-feed server function, read without a sign-in. */
function calendarFeedUrl(token: string): string {
  return `${env.supabaseUrl}/functions/v1/calendar-feed?token=${encodeURIComponent(token)}`;
}

type Feed = { state: 'loading' } | { state: 'none' } | { state: 'on'; since: string } | { state: 'off' };

/**
 * "Subscribe in your calendar": the member's one secret feed URL covering the schedules of all
 * their events (public.calendar_feeds, supabase/functions/calendar-feed). The token exists in
 * plain only in the answer of create_calendar_feed, so the URL is shown once, right after it is
 * made; rotating makes a new one and stops the old. Online only: the server makes the token.
 */
export function CalendarFeedCard() {
  const isOnline = useIsOnline();
  const [feed, setFeed] = useState<Feed>({ state: 'loading' });
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  /** Bumped after each action, so the feed's state is read again. */
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void readRows('calendar_feeds', { columns: ['created_at', 'revoked_at'] }).then(({ rows, error }) => {
      if (!isCurrent || error) return;
      const row = rows[0];
      setFeed(!row ? { state: 'none' } : row.revoked_at ? { state: 'off' } : { state: 'on', since: row.created_at });
    });
    return () => {
      isCurrent = false;
    };
  }, [isOnline, version]);

  async function run(action: 'create' | 'revoke') {
    setBusy(true);
    setMessage(null);
    const { data, error } =
      action === 'create' ? await callRpc('create_calendar_feed') : await callRpc('revoke_calendar_feed');
    setBusy(false);
    if (error) return setMessage('That did not work. Check your connection and try again.');
    setUrl(action === 'create' ? calendarFeedUrl(data as string) : null);
    setMessage(action === 'revoke' ? 'Your calendar link is turned off. Calendars using it stop updating.' : null);
    setVersion((v) => v + 1);
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setMessage('Link copied. Paste it into your calendar app as a subscription.');
    } catch {
      setMessage('Could not copy. Select the link and copy it by hand.');
    }
  }

  const isOn = feed.state === 'on';
  return (
    <Box as="section" aria-labelledby="calendar-feed-heading" mt="8" p="4" rounded="lg" borderWidth="1px">
      <Stack gap="3">
        <Heading id="calendar-feed-heading" as="h2" textStyle="lg">
          Subscribe in your calendar
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          One private link with the schedules of all your events, in their own time zones. Your calendar app checks it
          for changes. Anyone with the link can read it: rotate it if it was shared by mistake.
        </Text>
        {!isOnline ? (
          <Text textStyle="sm" role="status">
            You are offline. Connect to the internet to create, rotate or turn off your calendar link.
          </Text>
        ) : null}
        {isOn && !url ? (
          <Text textStyle="sm">
            Your calendar link is on since {new Date(feed.since).toLocaleDateString()}. For your safety it is shown only
            once: rotate it to get a new one.
          </Text>
        ) : null}
        {url ? (
          <Stack gap="2" p="3" rounded="lg" bg="forest.subtle">
            <Text textStyle="sm" fontWeight="medium">
              Your calendar link (shown only now)
            </Text>
            <Input
              readOnly
              value={url}
              aria-label="Calendar link"
              bg="bg"
              minH="11"
              onFocus={(e) => e.target.select()}
            />
            <HStack gap="2" wrap="wrap">
              <Button minH="11" variant="outline" onClick={() => void copy(url)}>
                <Copy aria-hidden />
                Copy
              </Button>
              <Button asChild minH="11" colorPalette="forest">
                <Link href={url.replace(/^https?:\/\//, 'webcal://')}>
                  <CalendarPlus aria-hidden />
                  Open in calendar app
                </Link>
              </Button>
            </HStack>
          </Stack>
        ) : null}
        <HStack gap="2" wrap="wrap">
          {isOn ? (
            <>
              <Button minH="11" variant="outline" disabled={!isOnline || busy} onClick={() => void run('create')}>
                <RefreshCw aria-hidden />
                Rotate link
              </Button>
              <Button minH="11" variant="outline" disabled={!isOnline || busy} onClick={() => void run('revoke')}>
                <X aria-hidden />
                Turn off
              </Button>
            </>
          ) : (
            <Button
              minH="11"
              colorPalette="forest"
              disabled={!isOnline || busy || feed.state === 'loading'}
              onClick={() => void run('create')}
            >
              <CalendarPlus aria-hidden />
              Create calendar link
            </Button>
          )}
        </HStack>
        {message ? (
          <Text textStyle="sm" role="status">
            {message}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
