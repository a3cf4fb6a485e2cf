/**
 * Back online: entries that waited for a retry after a network failure are due now. Their backoff
 * was measured while there was no network; waiting it out after the browser reports the network
 * back (the 'online' event, a Background Sync event) would only delay the drain.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { OutboxEntry } from '../db/outbox-schema.ts';
import { writeTx } from './transactions.ts';

/**
 * With `recoverSending` (only for whoever holds the leader lock), an entry a closed tab left
 * 'sending' is pending again (every send is idempotent).
 */
export async function retryNetworkFailuresNow(
  db: CrewCampDb,
  options: { recoverSending?: boolean } = {},
): Promise<void> {
  await writeTx(db, () =>
    db.outbox
      .where('status')
      .anyOf(options.recoverSending ? ['pending', 'sending'] : ['pending'])
      .modify((entry: OutboxEntry) => {
        entry.status = 'pending';
        if (entry.error?.http === 0 && !entry.isParked) entry.nextAttemptAt = 0;
      }),
  );
}
