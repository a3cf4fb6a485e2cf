import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { useIsOnline } from '../../data/use-is-online.ts';
import { disablePush, enablePush, pushState, type PushState } from './push-subscription.ts';

const STATE_TEXT: Record<PushState, string> = {
  unsupported: 'This browser cannot show system notifications. Install CrewCamp, or open it in another browser.',
  'no-worker': 'CrewCamp is still getting ready for offline use on this device. Reload the page in a moment.',
  denied:
    'Notifications are blocked for CrewCamp in this browser. Allow them in the site settings (the icon next to the address), then come back.',
  off: 'Get a system notification on this device when something concerns you, even when CrewCamp is closed.',
  on: 'System notifications are on for this device. The switches below choose which ones you get.',
};

/**
 * The "Allow notifications" step (issue 19): asked only here, when the user presses the button,
 * never on a first visit. Turning it on asks the browser's permission and registers this device;
 * turning it off unsubscribes and removes the device's row.
 */
export function SystemNotificationsCard() {
  const [state, setState] = useState<PushState | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isOnline = useIsOnline();

  useEffect(() => {
    let isCurrent = true;
    void pushState().then((next) => {
      if (isCurrent) setState(next);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  async function run(change: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    const outcome = await change().catch(() => 'Something went wrong. Please try again.');
    setError(outcome);
    setState(await pushState());
    setBusy(false);
  }

  return (
    <Card.Root as="section" aria-labelledby="system-notifications-title" maxW="2xl">
      <Card.Body gap="3">
        <Heading as="h2" id="system-notifications-title" textStyle="lg">
          System notifications
        </Heading>
        {state ? <Text color="fg.muted">{STATE_TEXT[state]}</Text> : null}
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        {!isOnline && (state === 'off' || state === 'on') ? (
          <Text textStyle="sm" color="fg.muted">
            You are offline: turning system notifications on or off needs a connection.
          </Text>
        ) : null}
        <Stack direction={{ base: 'column', sm: 'row' }} justify="flex-end">
          {state === 'off' ? (
            <Button loading={isBusy} disabled={!isOnline} onClick={() => void run(enablePush)}>
              Allow notifications
            </Button>
          ) : null}
          {state === 'on' ? (
            <Button variant="outline" loading={isBusy} disabled={!isOnline} onClick={() => void run(disablePush)}>
              Turn off on this device
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
