/**
 * Pull: for each table, the rows changed after the stored keyset cursor `(updated_at, key)`, in
 * pages, starting an overlap window before the cursor (a commit can land with a timestamp older
 * than rows already pulled). Each page is stored with its cursor in one transaction, through the
 * shadows, so rows under live local changes are rebased. Snapshot sources (small lists read
 * whole) come on a full pull. Then the visibility reconcile purges what the user can no longer see (removal from an
 * event and permanent deletion never arrive as deltas) and reads what became visible with an old
 * timestamp (added to an event); it runs on start, reconnect, a timer, and whenever the user's own
 * membership changed. Acknowledged entries whose effect
 * this pull has seen stop being replayed on top of the server state.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { MirrorTable, RowOf } from '../db/mirror.ts';
import type { KindRegistry, SyncContext } from './kind-registry.ts';
import { LocalWriter, sameRow, serverView, shadowedRow, shadowId, tableOf } from './local-writer.ts';
import type { DeltaSource, PulledRow, SnapshotSource } from './pull-source.ts';
import { rebase } from './rebase.ts';
import { reconcileVisibility } from './reconcile-visibility.ts';
import { expectRows } from './backend-calls.ts';
import { untyped } from './client.ts';
import type { Fields } from './server-values.ts';
import { compareTimestamps, shiftBack } from './timestamps.ts';
import { allEntries, writeTx } from './transactions.ts';

export interface PullEnv {
  db: CrewCampDb;
  registry: KindRegistry;
  ctx: SyncContext;
  pageSize?: number;
  overlapMs?: number;
  now?: () => number;
}

/**
 * How far before the cursor each pull starts again. A row's updated_at is set inside its
 * transaction and becomes visible at commit: a transaction still open when the cursor passed its
 * timestamp shows up later with an older one. The procedures' transactions last milliseconds;
 * ten seconds covers a slow one with a wide margin.
 */
const OVERLAP_MS = 10_000;

interface Cursor {
  ts: string;
  id: string;
}

const quote = (v: string) => `"${v.replace(/"/g, '\\"')}"`;

/** Pulls one table; `touchesMe`: a row of the user's own membership changed (visibility changed). */
async function pullSource(
  env: PullEnv,
  source: DeltaSource,
): Promise<{ count: number; touchesMe: boolean; joined: string[] }> {
  const { db, ctx } = env;
  const pageSize = env.pageSize ?? 500;
  const cursorKey = `cursor:${source.table}`;
  const stored = (await db.meta.get(cursorKey))?.value as Cursor | undefined;
  // The first page starts an overlap window before the cursor (every row from then on); the next
  // pages continue strictly after the last row read.
  const since = stored ? shiftBack(stored.ts, env.overlapMs ?? OVERLAP_MS) : null;
  let after: Cursor | null = null;
  let count = 0;
  let touchesMe = false;
  const joined: string[] = [];
  for (;;) {
    let query = untyped(ctx.client)
      .from(source.remote)
      .select(source.select)
      .order('updated_at', { ascending: true })
      .order(source.tieBreaker, { ascending: true })
      .limit(pageSize)
      .retry(false); // the engine retries with its own backoff
    if (!after && since) query = query.gte('updated_at', since);
    if (after) {
      const ts = quote(after.ts);
      query = query.or(`updated_at.gt.${ts},and(updated_at.eq.${ts},${source.tieBreaker}.gt.${quote(after.id)})`);
    }
    const rows = expectRows<Fields>(await query, `pull ${source.remote}`);
    if (rows.length === 0) break;
    count += rows.length;
    for (const r of rows) {
      const membership = source.membership?.(r, ctx.userId);
      if (!membership) continue;
      touchesMe = true;
      if (membership.isActive) joined.push(membership.scopeId);
    }
    const last = rows[rows.length - 1];
    const next: Cursor = { ts: String(last.updated_at), id: String(last[source.tieBreaker]) };
    const changed = await withoutUnchanged(env, source, rows);
    const current = (await db.meta.get(cursorKey))?.value as Cursor | undefined;
    // Every pull reads the overlap window again: rows the device already holds as they are need no
    // write, and a page with nothing new needs no read-write transaction (which would hold up the
    // user's own changes behind it).
    if (changed.length > 0 || !current || isAfter(next, current)) {
      await storePage(env, source, changed, cursorKey, next);
    }
    if (rows.length < pageSize) break;
    after = next;
  }
  return { count, touchesMe, joined };
}

const isAfter = (a: Cursor, b: Cursor) => compareTimestamps(a.ts, b.ts) > 0 || (a.ts === b.ts && a.id > b.id);

/**
 * The pulled rows that differ from what the device holds as the server's state (the shadow where a
 * live change sits on the row, else the row itself), read in bulk; fields only the device has are
 * kept from that state first (`merge`).
 */
async function withoutUnchanged(
  env: PullEnv,
  source: DeltaSource,
  rows: Record<string, unknown>[],
): Promise<PulledRow[]> {
  const { db, ctx } = env;
  const mapped = rows.map((r) => source.toRow(r, ctx.userId));
  const keys = mapped.map((m) => m.key);
  const [shadows, stored] = await Promise.all([
    db.shadows.bulkGet(keys.map((key) => shadowId(source.table, key))),
    tableOf(db, source.table).bulkGet(keys),
  ]);
  const changed: PulledRow[] = [];
  mapped.forEach(({ key, row }, i) => {
    const shadow = shadows[i];
    const base = shadow ? shadowedRow(source.table, shadow) : (stored[i] ?? null);
    const next = row && source.merge ? source.merge(row, base, ctx.userId) : row;
    if (!sameRow(base, next)) changed.push({ key, row: next });
  });
  return changed;
}

/** Stores one page of changed rows with its cursor, in one transaction. */
async function storePage(
  env: PullEnv,
  source: DeltaSource,
  changed: PulledRow[],
  cursorKey: string,
  next: Cursor,
): Promise<void> {
  const { db, ctx } = env;
  await writeTx(db, async () => {
    const writer = new LocalWriter(db, ctx.userId, null);
    for (const { key, row } of changed) {
      await writer.storeServer(source.table, key, row);
      if (row) await source.afterStore?.(writer, row);
    }
    const current = (await db.meta.get(cursorKey))?.value as Cursor | undefined;
    if (!current || isAfter(next, current)) await db.meta.put({ key: cursorKey, value: next });
    await rebase(db, env.registry, writer.toRebase);
  });
}

/** Stores a snapshot's list: rows not in it are gone, unless the snapshot is partial. */
async function storeSnapshot<T extends MirrorTable>(env: PullEnv, source: SnapshotSource<T>, rows: RowOf[T][]) {
  const { db } = env;
  await writeTx(db, async () => {
    const writer = new LocalWriter(db, env.ctx.userId, null);
    const keys = new Set(rows.map((r) => r.key));
    for (const row of rows) await writer.storeServer(source.table, row.key, row);
    if (!source.isPartial) {
      for (const local of await serverView(db, source.table)) {
        if (!keys.has(local.key)) await writer.storeServer(source.table, local.key, null);
      }
    }
    await rebase(db, env.registry, writer.toRebase);
  });
}

/** The entries already acknowledged when a pull starts: that pull reads their effect. */
async function ackedNow(db: CrewCampDb): Promise<Set<number>> {
  return new Set((await allEntries(db)).filter((e) => e.status === 'acked').map((e) => e.seq));
}

/**
 * Drops the entries that were acknowledged before the pull started (`ackedBefore`): the pull saw
 * their effect. Which entries, not when: an acknowledgement in the same millisecond as the pull's
 * start is on either side of it.
 */
async function settleAcked(db: CrewCampDb, registry: KindRegistry, ackedBefore: Set<number>): Promise<void> {
  if (ackedBefore.size === 0) return;
  await writeTx(db, async () => {
    const done = (await allEntries(db)).filter((e) => e.status === 'acked' && ackedBefore.has(e.seq));
    if (done.length === 0) return;
    await db.outbox.bulkDelete(done.map((e) => e.seq));
    await rebase(
      db,
      registry,
      done.flatMap((e) => e.touched),
    );
  });
}

export interface PullOptions {
  /** Also compare visible ids with the device (start, reconnect, timer). */
  reconcile: boolean;
  /** Also read the snapshots (lists read whole, e.g. friends). */
  full: boolean;
}

/** One full pull. Throws a SendFailure when the backend cannot be read. */
export async function pull(
  env: PullEnv,
  options: PullOptions = { reconcile: true, full: true },
): Promise<{ rows: number }> {
  const now = env.now ?? Date.now;
  const ackedBefore = await ackedNow(env.db);
  let rows = 0;
  let ownMembershipChanged = false;
  const joined: string[] = [];
  for (const source of env.registry.sources) {
    const pulled = await pullSource(env, source);
    rows += pulled.count;
    ownMembershipChanged ||= pulled.touchesMe;
    joined.push(...pulled.joined);
  }
  if (options.full) {
    for (const snapshot of env.registry.snapshots)
      await storeSnapshot(env, snapshot, await snapshot.read(env.ctx.client, env.ctx.userId));
  }
  if (options.reconcile || ownMembershipChanged) {
    await reconcileVisibility(env, joined, options.reconcile);
    await env.db.meta.put({ key: 'lastReconcileAt', value: now() });
  }
  await settleAcked(env.db, env.registry, ackedBefore);
  await env.db.meta.put({ key: 'lastSyncedAt', value: now() });
  return { rows };
}
