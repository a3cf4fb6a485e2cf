/**
 * Push: sends live outbox entries oldest first, each through its kind's one idempotent call, and
 * records the outcome in one transaction; a run of due row writes behind one another goes as one
 * batch (push-batch.ts), each entry of it recorded as if it had been sent alone. An entry waiting for a retry blocks
 * the entries behind it that touch the same rows or depend on it, so each row sees its changes in
 * order; a 408, 429 or a first few 5xx pause the whole queue (the caller sleeps the returned
 * delay); an entry that keeps getting 5xx is parked so that it does not block independent entries
 * behind it. A 401 pauses the queue (needs-auth) without losing anything.
 * A network failure is not the entry's fault: it stays due, with no backoff of its own, and the
 * caller waits for the network (one backoff for the whole queue, ended at once by any sign that
 * the network is back), so a queue that failed for an hour offline drains the moment it returns.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { OutboxEntry } from '../db/outbox-schema.ts';
import { parseOutbox } from '../db/validated-read.ts';
import { backoffDelay, defaultBackoff, type BackoffOptions } from './backoff.ts';
import type { KindRegistry, SyncContext } from './kind-registry.ts';
import { LocalWriter } from './local-writer.ts';
import { rebase } from './rebase.ts';
import { rejectWithDependents } from './rejections.ts';
import { batchSent, batchSize, isBatchable, sendBatch } from './push-batch.ts';
import { asSendFailure } from './send-errors.ts';
import { isSendable, writeTx } from './transactions.ts';

export interface PushEnv {
  db: CrewCampDb;
  registry: KindRegistry;
  ctx: SyncContext;
  backoff?: BackoffOptions;
  /** Consecutive 5xx answers after which an entry stops holding up independent ones. */
  parkAfter?: number;
  now?: () => number;
  random?: () => number;
}

export type PushStep =
  | { type: 'idle' }
  | { type: 'wait'; untilMs: number }
  | { type: 'needs-auth' }
  /** One entry sent, or a batch: `sent` (in order, the first is `mutationId`) and `rejected` ids. */
  | { type: 'sent'; mutationId: string; kind: string; sent?: string[]; rejected?: string[] }
  | { type: 'rejected'; mutationIds: string[] }
  | { type: 'parked'; mutationId: string }
  | { type: 'retry'; mutationId: string; delayMs: number }
  /** The network failed: nothing about the entry changed but its error; try again once it is back. */
  | { type: 'offline'; mutationId: string };

/**
 * Chooses the next entry to send from the entries offered in order (oldest first): the first one
 * that is due and not held up by an earlier waiting entry on the same rows or entities. Offering
 * stops as soon as one is chosen, so a long outbox is not read whole for every send.
 */
class NextEntryPicker {
  private readonly blocked = new Set<string>();
  private readonly held = new Set<string>();
  chosen: OutboxEntry | undefined;
  /** The chosen entry and the due entries right behind it that go in the same batch, in order. */
  readonly batch: OutboxEntry[] = [];
  waitUntil: number | undefined;
  /** An entry waiting for its retry (not parked) stops everything behind it: the order holds. */
  isHalted = false;
  /** The batch is complete: offering stops. */
  isDone = false;

  constructor(
    private readonly now: number,
    /** Whether an entry may join a batch, and how many a batch may carry (1: single sends). */
    private readonly batching: { canJoin: (entry: OutboxEntry) => boolean; max: number } = {
      canJoin: () => false,
      max: 1,
    },
  ) {}

  /** Offers the next entry in order; answers true once the choice is made or the order halts. */
  offer(entry: OutboxEntry): boolean {
    if (!isSendable(entry)) return false;
    if (this.chosen) return this.join(entry);
    const marks = [...entry.touched, ...entry.refs];
    const isBlocked = marks.some((m) => this.blocked.has(m)) || entry.dependsOn.some((id) => this.held.has(id));
    if (!isBlocked && entry.nextAttemptAt <= this.now) {
      this.chosen = entry;
      this.batch.push(entry);
      this.isDone = !this.batching.canJoin(entry) || this.batch.length >= this.batching.max;
      return this.isDone;
    }
    if (!isBlocked) this.waitUntil = Math.min(this.waitUntil ?? Infinity, entry.nextAttemptAt);
    if (!isBlocked && !entry.isParked) {
      this.isHalted = true;
      return true;
    }
    // A parked entry, or one behind it that depends on it or touches the same rows: skip it.
    this.held.add(entry.mutationId);
    for (const m of [...marks, ...entry.creates]) this.blocked.add(m);
    return false;
  }

  /**
   * Behind the chosen entry: a due, batchable entry that nothing held up blocks joins the batch
   * (it may depend on entries in it: the backend applies them in order); any other ends it, so
   * the order of the queue holds across batches.
   */
  private join(entry: OutboxEntry): boolean {
    const marks = [...entry.touched, ...entry.refs];
    const canJoin =
      entry.nextAttemptAt <= this.now &&
      !marks.some((m) => this.blocked.has(m)) &&
      !entry.dependsOn.some((id) => this.held.has(id)) &&
      this.batching.canJoin(entry);
    if (canJoin) this.batch.push(entry);
    this.isDone = !canJoin || this.batch.length >= this.batching.max;
    return this.isDone;
  }
}

type Batching = ConstructorParameters<typeof NextEntryPicker>[1];

/**
 * The next entry to send (with `batching`: and the entries that go in its batch), or why there is
 * none, from the whole outbox in order (pure).
 */
export function pickNext(
  entries: readonly OutboxEntry[],
  now: number,
  batching?: Batching,
): { entry?: OutboxEntry; batch?: OutboxEntry[]; waitUntil?: number; needsAuth: boolean } {
  if (entries.some((e) => e.status === 'needs-auth')) return { needsAuth: true };
  const picker = new NextEntryPicker(now, batching);
  for (const entry of entries) if (picker.offer(entry)) break;
  if (!picker.chosen) return { waitUntil: picker.waitUntil, needsAuth: false };
  return batching
    ? { entry: picker.chosen, batch: picker.batch, needsAuth: false }
    : { entry: picker.chosen, needsAuth: false };
}

/**
 * pickNext over the stored outbox: reads only entries waiting to be sent (the status index, in
 * order), and only until one is chosen, so neither a long queue nor acknowledged entries make
 * each send read the whole outbox. Called inside the transaction that marks the choice sending.
 */
async function pickStored(
  db: CrewCampDb,
  now: number,
  batching: Batching,
): Promise<{ batch: OutboxEntry[]; waitUntil?: number; needsAuth: boolean }> {
  if ((await db.outbox.where('status').equals('needs-auth').count()) > 0) return { batch: [], needsAuth: true };
  const picker = new NextEntryPicker(now, batching);
  const isPicking = () => !picker.isDone && !picker.isHalted;
  // Entries left sending (a batch cut off by a crash): merge them into the pending ones by seq.
  const sending = parseOutbox(await db.outbox.where('status').equals('sending').toArray()).sort(
    (a, b) => a.seq - b.seq,
  );
  const offerSendingBefore = (seq: number) => {
    while (sending.length && sending[0].seq < seq && isPicking()) picker.offer(sending.shift()!);
  };
  await db.outbox
    .where('status')
    .equals('pending')
    .until(() => !isPicking())
    .each((row) => {
      const [entry] = parseOutbox([row]);
      if (!entry) return;
      offerSendingBefore(entry.seq);
      if (isPicking()) picker.offer(entry);
    });
  offerSendingBefore(Infinity);
  return picker.chosen
    ? { batch: picker.batch, needsAuth: false }
    : { batch: [], waitUntil: picker.waitUntil, needsAuth: false };
}

export async function pushNext(env: PushEnv): Promise<PushStep> {
  const { db, registry, ctx } = env;
  const now = env.now ?? Date.now;
  // One outbox transaction picks and marks (the entry as stored: an earlier creation's reconcile
  // may have rewritten its arguments); the outcome is recorded in a second one.
  const batching = { canJoin: (entry: OutboxEntry) => isBatchable(registry, entry), max: batchSize(db) };
  const picked = await db.transaction('rw', db.outbox, async () => {
    const choice = await pickStored(db, now(), batching);
    await db.outbox.bulkUpdate(choice.batch.map((entry) => ({ key: entry.seq, changes: { status: 'sending' } })));
    return choice;
  });
  if (picked.needsAuth) return { type: 'needs-auth' };
  const [entry, ...behind] = picked.batch;
  if (!entry) return picked.waitUntil === undefined ? { type: 'idle' } : { type: 'wait', untilMs: picked.waitUntil };
  const { seq, mutationId } = entry;
  const kind = registry.get(entry.kind);

  let result: unknown;
  try {
    if (behind.length) return await pushBatch(env, picked.batch);
    result = await kind.send(ctx, entry.args);
  } catch (thrown) {
    const failure = asSendFailure(thrown);
    // A batch failed as a whole: those behind the first are as they were and the first takes the
    // failure. A refusal or a 5xx may be one entry's doing: the next batch is smaller (a refusal
    // is sent again at once, down to the one entry to blame); the network is nobody's.
    if (behind.length) {
      const isRefused = failure.category === 'refused';
      if (isRefused || failure.reason.http >= 500) batchSent(db, picked.batch.length, true);
      const back = isRefused ? picked.batch : behind;
      await writeTx(db, () => db.outbox.bulkUpdate(back.map((e) => ({ key: e.seq, changes: { status: 'pending' } }))));
      if (isRefused) return pushNext(env); // the same entries again, in a smaller batch
    }
    if (failure.category === 'refused') {
      const ids = await writeTx(db, async () => {
        const current = parseOutbox([await db.outbox.get(seq)])[0];
        return current ? rejectWithDependents(db, registry, current, failure.reason) : [];
      });
      return { type: 'rejected', mutationIds: ids };
    }
    if (failure.category === 'auth') {
      await writeTx(db, () => db.outbox.update(seq, { status: 'needs-auth', error: failure.reason }));
      return { type: 'needs-auth' };
    }
    if (failure.reason.http === 0) {
      await writeTx(db, () => db.outbox.update(seq, { status: 'pending', error: failure.reason }));
      return { type: 'offline', mutationId };
    }
    const attempts = entry.attempts + 1;
    const delayMs = backoffDelay(attempts, env.backoff ?? defaultBackoff, env.random);
    const isParked = failure.reason.http >= 500 && attempts >= (env.parkAfter ?? 5);
    await writeTx(db, () =>
      db.outbox.update(seq, {
        status: 'pending',
        attempts,
        nextAttemptAt: now() + delayMs,
        error: failure.reason,
        isParked,
      }),
    );
    if (isParked) return { type: 'parked', mutationId };
    return { type: 'retry', mutationId, delayMs };
  }

  const record = async () => {
    const [current] = parseOutbox([await db.outbox.get(seq)]);
    if (!current) return;
    const writer = new LocalWriter(db, current.userId, null, registry.sources);
    if (kind.reconcile) await kind.reconcile(writer, current.args, result);
    await db.outbox.update(seq, { status: 'acked', ackedAt: now(), attempts: current.attempts + 1, error: null });
    await rebase(db, registry, writer.toRebase);
  };
  // Only a reconcile writes mirror rows (and rebases them): without one the ack is the outbox's alone.
  await (kind.reconcile ? writeTx(db, record) : db.transaction('rw', db.outbox, record));
  if (isBatchable(registry, entry)) batchSent(db, 1, false);
  kind.afterSuccess?.(entry.args, result);
  return { type: 'sent', mutationId, kind: entry.kind };
}

/**
 * Sends a batch (push-batch.ts) and records each entry's outcome in one transaction, in order: an
 * answered entry is reconciled and acknowledged as a single send would be; a refused one is
 * rejected with its dependents (those of them behind it in the batch were written on the server
 * too, and the next pull brings that back).
 */
async function pushBatch(env: PushEnv, batch: OutboxEntry[]): Promise<PushStep> {
  const { db, registry, ctx } = env;
  const now = env.now ?? Date.now;
  const outcomes = await sendBatch(ctx.client, registry, batch);
  batchSent(db, batch.length, false);
  const rejected: string[] = [];
  await writeTx(db, async () => {
    const writer = new LocalWriter(db, ctx.userId, null, registry.sources);
    // Until a reconcile has run, the entries are as read at once, and their acknowledgements wait
    // to be written together: nothing else reads the outbox in between. A reconcile, a refusal and
    // the rebase look at the queue, so the acknowledgements before them are written first, and
    // after a reconcile (it may rewrite entries behind it) each entry is read when it comes.
    const stored = new Map(parseOutbox(await db.outbox.bulkGet(batch.map((e) => e.seq))).map((e) => [e.seq, e]));
    let isStoredCurrent = true;
    const acked: { key: number; changes: Partial<OutboxEntry> }[] = [];
    const writeAcked = () => db.outbox.bulkUpdate(acked.splice(0));
    for (const [i, entry] of batch.entries()) {
      const current = isStoredCurrent ? stored.get(entry.seq) : parseOutbox([await db.outbox.get(entry.seq)])[0];
      if (!current || current.status !== 'sending') continue; // rejected with an earlier one
      const outcome = outcomes[i];
      if (!outcome.ok) {
        await writeAcked();
        rejected.push(...(await rejectWithDependents(db, registry, current, outcome.failure.reason)));
        isStoredCurrent = false;
        continue;
      }
      // Only a kind with a reconcile is awaited: Dexie follows a transaction across a limited run of
      // native awaits of non-Dexie values (`await undefined` for each of 200 edits loses it).
      const reconcile = registry.get(entry.kind).reconcile;
      if (reconcile) {
        await writeAcked();
        await reconcile(writer, current.args, outcome.result);
        isStoredCurrent = false;
      }
      acked.push({
        key: entry.seq,
        changes: { status: 'acked', ackedAt: now(), attempts: current.attempts + 1, error: null },
      });
    }
    await writeAcked();
    await rebase(db, registry, writer.toRebase);
  });
  for (const [i, entry] of batch.entries()) {
    const outcome = outcomes[i];
    if (outcome.ok && !rejected.includes(entry.mutationId))
      registry.get(entry.kind).afterSuccess?.(entry.args, outcome.result);
  }
  const sent = batch.filter((entry) => !rejected.includes(entry.mutationId));
  return sent.length
    ? {
        type: 'sent',
        mutationId: sent[0].mutationId,
        kind: sent[0].kind,
        sent: sent.map((e) => e.mutationId),
        rejected,
      }
    : { type: 'rejected', mutationIds: rejected };
}

/** After a refreshed session: the paused entries go back to pending. */
export async function resumeAfterAuth(db: CrewCampDb): Promise<void> {
  await writeTx(db, () => db.outbox.where('status').equals('needs-auth').modify({ status: 'pending' }));
}
