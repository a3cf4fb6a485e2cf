import { Alert, Button, Progress, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useDeviceQuery } from '../../../data/use-device-query.ts';
import { useIsOnline } from '../../../data/use-is-online.ts';
import { getReady, type ReadyOutcome, type ReadyProgress } from './get-ready.ts';
import { readyState } from './ready-state.ts';
import { formatBytes, formatReadyTime } from './readiness-format.ts';

const STEP_TEXT: Record<ReadyProgress['step'], (p: ReadyProgress) => string> = {
  app: () => 'Saving the app’s own files…',
  rows: () => 'Downloading every page of the event…',
  photos: (p) => `${p.done} of ${p.total} photos`,
  avatars: (p) => `${p.done} of ${p.total} avatars`,
  report: () => 'Telling your crew…',
};

/** "Get ready": everything of the event on this device, with progress and the outcome. */
export function GetReadyButton({ eventId }: { eventId: string }) {
  const isOnline = useIsOnline();
  const state = useDeviceQuery((db) => readyState(db, eventId), [eventId], null);
  const [progress, setProgress] = useState<ReadyProgress | null>(null);
  const [outcome, setOutcome] = useState<ReadyOutcome | null>(null);
  const isRunning = progress !== null;

  const run = async () => {
    setOutcome(null);
    setProgress({ step: 'app', done: 0, total: 1 });
    try {
      setOutcome(await getReady(eventId, setProgress));
    } catch (error) {
      setOutcome({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="3">
      {state && outcome?.status !== 'failed' && outcome?.status !== 'full' && !isRunning ? (
        <Alert.Root status="success" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Ready for no signal</Alert.Title>
            <Alert.Description>
              {formatReadyTime(state.readyAt)}
              {state.usage !== null ? ` · ${formatBytes(state.usage)} used on this device` : ''}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {outcome?.status === 'full' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            This device is full: {outcome.kept} of {outcome.total} photos are kept. Free up some space and press Get
            ready again.
          </Alert.Description>
        </Alert.Root>
      ) : null}
      {outcome?.status === 'failed' ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Description>{outcome.message}</Alert.Description>
        </Alert.Root>
      ) : null}
      {isRunning ? (
        <Stack gap="1" aria-live="polite">
          <Text textStyle="sm">{STEP_TEXT[progress.step](progress)}</Text>
          <Progress.Root
            value={progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null}
            size="sm"
            colorPalette="forest"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      ) : null}
      <Button
        colorPalette="forest"
        minH="11"
        alignSelf={{ base: 'stretch', sm: 'start' }}
        onClick={() => void run()}
        loading={isRunning}
        loadingText="Getting ready…"
        disabled={!isOnline}
      >
        <Download aria-hidden />
        Get ready
      </Button>
      {!isOnline ? (
        <Text textStyle="sm" color="fg.muted">
          Get ready needs a signal.
        </Text>
      ) : null}
    </Stack>
  );
}
