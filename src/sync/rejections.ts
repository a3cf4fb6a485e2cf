/**
 * Refused changes: rejecting an entry rejects, transitively, the live entries that depend on it,
 * rolls all their optimistic changes back (rebase without them), and keeps each with its reason.
 * The user then discards one (it is gone; nothing to roll back any more) or retries it, possibly
 * with edited arguments: it is applied again and queued at the end, as a new change.
 */
import type { OutboxEntry, OutboxError } from '../db/outbox-schema.ts';
import { parseOutbox } from '../db/validated-read.ts';
import { appendEntry, checkArgs, type MutateEnv } from './mutate.ts';
import type { KindRegistry } from './kind-registry.ts';
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import { dropUnusedShadows, rebase } from './rebase.ts';
import { liveEntries, writeTx } from './transactions.ts';

/** Rejects `entry` and its dependents; runs inside a read-write transaction. Answers the rejected ids. */
export async function rejectWithDependents(
  db: CrewCampDb,
  registry: KindRegistry,
  entry: OutboxEntry,
  reason: OutboxError,
): Promise<string[]> {
  const live = (await liveEntries(db)).filter((e) => e.status !== 'acked');
  const rejected = new Map<string, OutboxError>([[entry.mutationId, reason]]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of live) {
      if (rejected.has(e.mutationId)) continue;
      const parent = e.dependsOn.find((id) => rejected.has(id));
      if (parent) {
        rejected.set(e.mutationId, {
          http: 0,
          code: 'dependency',
          message: `Not sent: it depends on an earlier change that was refused (${reason.message})`,
        });
        grew = true;
      }
    }
  }
  const touched = new Set<string>(entry.touched);
  for (const e of [entry, ...live]) {
    const error = rejected.get(e.mutationId);
    if (!error) continue;
    await db.outbox.update(e.seq, { status: 'rejected', error, nextAttemptAt: 0 });
    for (const id of e.touched) touched.add(id);
  }
  await rebase(db, registry, touched);
  return [...rejected.keys()];
}

async function findRejected(db: CrewCampDb, mutationId: string): Promise<OutboxEntry> {
  const [entry] = parseOutbox(await db.outbox.where('mutationId').equals(mutationId).toArray());
  if (!entry || entry.status !== 'rejected') throw new Error(`No rejected change ${mutationId}`);
  return entry;
}

/** Forgets a rejected change (its optimistic change is already rolled back). */
export async function discardRejected(db: CrewCampDb, mutationId: string): Promise<void> {
  await writeTx(db, async () => {
    const entry = await findRejected(db, mutationId);
    await db.outbox.delete(entry.seq);
    await dropUnusedShadows(db, entry.touched);
  });
}

/** Queues a rejected change again (with edited arguments if given), at the end of the outbox. */
export async function retryRejected(env: MutateEnv, mutationId: string, editedArgs?: unknown): Promise<string> {
  const { db } = env;
  const current = await findRejected(db, mutationId);
  const args = checkArgs(env.registry, current.kind, editedArgs ?? current.args);
  const fresh = crypto.randomUUID();
  await writeTx(db, async () => {
    const entry = await findRejected(db, mutationId);
    await db.outbox.delete(entry.seq);
    await dropUnusedShadows(db, entry.touched);
    await appendEntry(env, entry.kind, args, fresh);
  });
  return fresh;
}
