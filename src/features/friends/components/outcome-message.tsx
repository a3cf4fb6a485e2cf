import { FormMessage } from '../../../components/form-message.tsx';
import type { WriteOutcome } from '../use-queued-write.ts';

/** What became of a friend write: sent, waiting for a connection, or the server's refusal. */
export function OutcomeMessage({ outcome, done }: { outcome: WriteOutcome; done: string }) {
  if (outcome.status === 'failed') return <FormMessage status="error">{outcome.message}</FormMessage>;
  if (outcome.status === 'done') return <FormMessage status="success">{done}</FormMessage>;
  if (outcome.status === 'waiting')
    return <FormMessage status="info">Saved on this device: it will be sent when you are online.</FormMessage>;
  return null;
}
