import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { tierLabel, type Tier } from '../../access/tiers.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { requestSync } from '../../data/index.ts';
import { useIsOnline } from '../../data/use-is-online.ts';
import { callFunction } from '../../sync/backend.ts';
import { useAuthStore } from '../auth/index.ts';
import type { CurrentPlan } from './use-current-plan.ts';

const LOWER: Record<Tier, Tier[]> = { free: [], starter: ['free'], organizer: ['starter', 'free'] };

type Action = { action: 'cancel' | 'resume' } | { action: 'downgrade'; tier: Tier };

/**
 * Cancel at the period's end (or take it back) and move to a lower plan: through manage-subscription,
 * the provider's portal when one is configured, else applied at once (mock flow). A lower plan keeps
 * every event's data and only locks what it lacks.
 */
export function ManagePlan({ plan }: { plan: CurrentPlan }) {
  const isOnline = useIsOnline();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ status: 'error' | 'success'; text: string } | null>(null);
  if (plan.tier === 'free') return null;

  async function run(request: Action, label: string, done: string) {
    setBusy(label);
    setMessage(null);
    const { status, body } = await callFunction('manage-subscription', request);
    const answer = (body ?? {}) as { url?: string; error?: string };
    if (status === 200 && answer.url) return window.location.assign(answer.url);
    if (status !== 200) {
      setBusy(null);
      return setMessage({ status: 'error', text: answer.error ?? 'Failed to change the subscription' });
    }
    await useAuthStore.getState().reloadProfile();
    await requestSync();
    setBusy(null);
    setMessage({ status: 'success', text: done });
  }

  return (
    <Stack gap="3" aria-label="Change your plan" role="group">
      {!isOnline ? <Text color="fg.muted">Changing your plan needs a connection.</Text> : null}
      {message ? <FormMessage status={message.status}>{message.text}</FormMessage> : null}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
        {plan.isCancelling ? (
          <Button
            variant="outline"
            disabled={!isOnline}
            loading={busy === 'resume'}
            onClick={() => void run({ action: 'resume' }, 'resume', 'Your plan continues after this period.')}
          >
            Keep my plan
          </Button>
        ) : (
          <Button
            variant="outline"
            disabled={!isOnline}
            loading={busy === 'cancel'}
            onClick={() =>
              void run(
                { action: 'cancel' },
                'cancel',
                'Your plan ends with this billing period. Your events and everything in them stay.',
              )
            }
          >
            Cancel at period end
          </Button>
        )}
        {LOWER[plan.tier].map((tier) => (
          <Button
            key={tier}
            variant="ghost"
            disabled={!isOnline}
            loading={busy === tier}
            onClick={() =>
              void run(
                { action: 'downgrade', tier },
                tier,
                `You are now on the ${tierLabel(tier)} plan. Your events keep all their data; what the plan lacks is locked.`,
              )
            }
          >
            {`Move to ${tierLabel(tier)}`}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
