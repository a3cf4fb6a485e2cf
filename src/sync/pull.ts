/**
 * Pull: for each table, the rows changed after the stored keyset cursor `(updated_at, key)`, in
 * pages of up to 1,000, starting an overlap window before the cursor (a commit can land with a
 * timestamp older than rows already pulled). The pages are read ahead and several tables at once
 * (pull-pages.ts), and stored one at a time in the registry's order: each page with its cursor in
 * one transaction, with bulk reads and writes, through the shadows, so rows under live local
 * changes are rebased. Snapshot sources (small lists read whole) come on a full pull. Then the
 * visibility reconcile purges what the user can no longer see (removal from an event and permanent
 * deletion never arrive as deltas) and reads what became visible with an old timestamp (added to an
 * event); it runs on start, reconnect, a timer, and whenever a pulled row changed the user's own
 * membership. Acknowledged entries whose effect this pull has seen stop being replayed on top of
 * the server state.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { MirrorTable, RowOf } from '../db/mirror.ts';
import type { KindRegistry, SyncContext } from './kind-registry.ts';
import { LocalWriter, sameRow, serverView, shadowedRow, shadowsOf, splitShadowId, tableOf } from './local-writer.ts';
import type { DeltaSource, PulledRow, SnapshotSource } from './pull-source.ts';
import { rebase } from './rebase.ts';
import { reconcileVisibility } from './reconcile-visibility.ts';
import type { Fields } from './server-values.ts';
import { PAGE_SIZE, PageReader, PARALLEL_READS, ReadSlots, settled, type Cursor } from './pull-pages.ts';
import { compareTimestamps, shiftBack } from './timestamps.ts';
import { entriesIn, writeTx } from './transactions.ts';

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

/**
 * Where a page that changed the user's own membership leaves the scopes (re)joined, in the page's
 * own transaction: the visibility reconcile that follows reads their rows, and clears the list only
 * once done, so a pull cut short between the two still reconciles on the next one.
 */
const VISIBILITY_KEY = 'pull:membershipChanged';

/** Pulls one table's pages; answers the rows read. */
async function pullSource(env: PullEnv, reader: PageReader, spent: Spent): Promise<number> {
  const { db } = env;
  const { source } = reader;
  const cursorKey = cursorKeyOf(source);
  let count = 0;
  for (
    let page = await timed(spent, 'waitMs', reader.next());
    page;
    page = await timed(spent, 'waitMs', reader.next())
  ) {
    const { rows, cursor: next } = page;
    count += rows.length;
    const changed = await timed(spent, 'compareMs', withoutUnchanged(env, source, rows));
    const current = (await db.meta.get(cursorKey))?.value as Cursor | undefined;
    // Every pull reads the overlap window again: rows the device already holds as they are need no
    // write, and a page with nothing new needs no read-write transaction (which would hold up the
    // user's own changes behind it), nor is a membership row seen again a membership change.
    if (changed.length > 0 || !current || isAfter(next, current)) {
      await timed(spent, 'storeMs', storePage(env, source, changed, cursorKey, next));
    }
  }
  return count;
}

const cursorKeyOf = (source: DeltaSource) => `cursor:${source.table}`;

/** A pulled row that differs from the device's, with the server row it was made from. */
interface ChangedRow extends PulledRow {
  server: Fields;
}

const isAfter = (a: Cursor, b: Cursor) => compareTimestamps(a.ts, b.ts) > 0 || (a.ts === b.ts && a.id > b.id);

/**
 * Starts reading a source: its first page starts an overlap window before the stored cursor (every
 * row from then on; the next pages continue strictly after the last row read), or at the
 * beginning when there is no cursor yet.
 */
async function openReader(env: PullEnv, source: DeltaSource, slots: ReadSlots): Promise<PageReader> {
  const stored = (await env.db.meta.get(cursorKeyOf(source)))?.value as Cursor | undefined;
  const since = stored ? shiftBack(stored.ts, env.overlapMs ?? OVERLAP_MS) : null;
  return new PageReader(env.ctx.client, source, slots, Math.min(env.pageSize ?? PAGE_SIZE, PAGE_SIZE), since);
}

/**
 * The pulled rows that differ from what the device holds as the server's state (the shadow where a
 * live change sits on the row, else the row itself), read in bulk; fields only the device has are
 * kept from that state first (`merge`).
 */
async function withoutUnchanged(env: PullEnv, source: DeltaSource, rows: Fields[]): Promise<ChangedRow[]> {
  const { db, ctx } = env;
  const mapped = rows.map((r) => source.toRow(r, ctx.userId));
  const keys = mapped.map((m) => m.key);
  const [shadows, stored] = await Promise.all([shadowsOf(db, source.table), tableOf(db, source.table).bulkGet(keys)]);
  const changed: ChangedRow[] = [];
  mapped.forEach(({ key, row }, i) => {
    const shadow = shadows.get(key);
    const base = shadow ? shadowedRow(source.table, shadow) : (stored[i] ?? null);
    const next = row && source.merge ? source.merge(row, base, ctx.userId) : row;
    if (!sameRow(base, next)) changed.push({ key, row: next, server: rows[i] });
  });
  return changed;
}

/**
 * Stores one page of changed rows with its cursor, in one transaction, with bulk reads and writes
 * (LocalWriter.storeServerRows): a page costs a handful of IndexedDB requests, not three per row.
 */
async function storePage(
  env: PullEnv,
  source: DeltaSource,
  changed: ChangedRow[],
  cursorKey: string,
  next: Cursor,
): Promise<void> {
  const { db, ctx } = env;
  const memberships = changed.flatMap(({ server }) => source.membership?.(server, ctx.userId) ?? []);
  await writeTx(db, async () => {
    const writer = new LocalWriter(db, ctx.userId, null);
    await writer.storeServerRows(source.table, changed, true);
    if (memberships.length > 0) {
      const joined = ((await db.meta.get(VISIBILITY_KEY))?.value as string[] | undefined) ?? [];
      for (const m of memberships) if (m.isActive && !joined.includes(m.scopeId)) joined.push(m.scopeId);
      await db.meta.put({ key: VISIBILITY_KEY, value: joined });
    }
    if (source.afterStore) for (const { row } of changed) if (row) await source.afterStore(writer, row);
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
    const gone: PulledRow<T>[] = [];
    if (!source.isPartial) {
      for (const local of await serverView(db, source.table))
        if (!keys.has(local.key)) gone.push({ key: local.key, row: null });
    }
    await writer.storeServerRows(source.table, [...rows.map((row) => ({ key: row.key, row })), ...gone]);
    await rebase(db, env.registry, writer.toRebase);
  });
}

/** The entries already acknowledged when a pull starts: that pull reads their effect. */
async function ackedNow(db: CrewCampDb): Promise<Set<number>> {
  return new Set((await entriesIn(db, 'acked')).map((e) => e.seq));
}

/**
 * Drops the entries that were acknowledged before the pull started (`ackedBefore`): the pull saw
 * their effect. Which entries, not when: an acknowledgement in the same millisecond as the pull's
 * start is on either side of it.
 *
 * Except where the pull cannot have seen it: an entry that removed a row the server still had
 * when the pull ended (leaving an event, deleting one for good) hides rows without a tombstone,
 * which only a reconciling pull sees. A pull that did not reconcile keeps such an entry, so its
 * rows do not come back from their shadows, and answers true: a reconciling pull is needed.
 */
async function settleAcked(
  db: CrewCampDb,
  registry: KindRegistry,
  ackedBefore: Set<number>,
  reconciled: boolean,
): Promise<boolean> {
  if (ackedBefore.size === 0) return false;
  return writeTx(db, async () => {
    const acked = (await entriesIn(db, 'acked')).filter((e) => ackedBefore.has(e.seq));
    const unseen = reconciled ? [] : await withUnseenRemovals(db, acked);
    const done = acked.filter((e) => !unseen.includes(e));
    if (done.length > 0) {
      await db.outbox.bulkDelete(done.map((e) => e.seq));
      await rebase(
        db,
        registry,
        done.flatMap((e) => e.touched),
      );
    }
    return unseen.length > 0;
  });
}

/** The entries that removed a row the device still holds as the server's (its shadow has a row). */
async function withUnseenRemovals<E extends { touched: string[] }>(db: CrewCampDb, entries: E[]): Promise<E[]> {
  const touched = [...new Set(entries.flatMap((e) => e.touched))];
  const shadows = await db.shadows.bulkGet(touched);
  const removed = new Set<string>();
  await Promise.all(
    shadows.map(async (shadow) => {
      if (!shadow?.row) return;
      const { table, key } = splitShadowId(shadow.id);
      if (!(await tableOf(db, table).get(key))) removed.add(shadow.id);
    }),
  );
  return entries.filter((e) => e.touched.some((id) => removed.has(id)));
}

export interface PullOptions {
  /** Also compare visible ids with the device (start, reconnect, timer). */
  reconcile: boolean;
  /** Also read the snapshots (lists read whole, e.g. friends). */
  full: boolean;
}

/**
 * One full pull. Throws a SendFailure when the backend cannot be read. Answers the rows read, and
 * whether a reconciling pull is needed to see the effect of a change already sent (settleAcked).
 *
 * The sources that can change what the user sees (a membership: `membership`) and those before
 * them in the registry are read first; the others start reading once those are stored, so a
 * source read from its beginning in this pull was read after every membership this pull saw, and
 * the visibility reconcile need not read its rows of a joined scope again (`readWhole`).
 */
export async function pull(
  env: PullEnv,
  options: PullOptions = { reconcile: true, full: true },
): Promise<{ rows: number; needsReconcile: boolean }> {
  const now = env.now ?? Date.now;
  const started = performance.now();
  const ackedBefore = await ackedNow(env.db);
  const slots = new ReadSlots(PARALLEL_READS);
  const sources = env.registry.sources;
  const lastMembership = sources.findLastIndex((source) => source.membership);
  const phases = [sources.slice(0, lastMembership + 1), sources.slice(lastMembership + 1)];
  let rows = 0;
  const spent: Spent = { waitMs: 0, compareMs: 0, storeMs: 0, reconcileMs: 0 };
  const readWhole = new Set<DeltaSource>();
  let snapshots: Promise<RowOf[MirrorTable][]>[] = [];
  for (const [phase, phaseSources] of phases.entries()) {
    const readers = await Promise.all(phaseSources.map((source) => openReader(env, source, slots)));
    if (phase === 1) {
      for (const reader of readers) if (reader.isFromStart) readWhole.add(reader.source);
      // The snapshots are read alongside the last sources, stored after them.
      if (options.full)
        snapshots = env.registry.snapshots.map((snapshot) =>
          settled(slots.run(() => snapshot.read(env.ctx.client, env.ctx.userId))),
        );
    }
    for (const reader of readers) rows += await pullSource(env, reader, spent);
  }
  for (const [i, read] of snapshots.entries()) await storeSnapshot(env, env.registry.snapshots[i], await read);
  // A change of the user's own membership (this pull's, or one a pull cut short left) changed what the user sees.
  const joined = (await env.db.meta.get(VISIBILITY_KEY))?.value as string[] | undefined;
  if (options.reconcile || joined) {
    await timed(spent, 'reconcileMs', reconcileVisibility(env, joined ?? [], options.reconcile, readWhole));
    await env.db.meta.put({ key: 'lastReconcileAt', value: now() });
    if (joined) await env.db.meta.delete(VISIBILITY_KEY);
  }
  const needsReconcile = await settleAcked(env.db, env.registry, ackedBefore, options.reconcile);
  await env.db.meta.put({ key: 'lastSyncedAt', value: now() });
  measurePull(started, { rows, ...spent });
  return { rows, needsReconcile };
}

/** Where a pull's time went (ms): waiting for pages, comparing them with the device, storing them, reconciling. */
interface Spent {
  waitMs: number;
  compareMs: number;
  storeMs: number;
  reconcileMs: number;
}

async function timed<T>(spent: Spent, what: keyof Spent, work: Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work;
  } finally {
    spent[what] += performance.now() - start;
  }
}

/**
 * The pull's duration as a User Timing measure (`crewcamp:pull`; its rows and where the time went
 * in `detail`), for the benchmarks and a DevTools trace; only the latest is kept, so a long
 * session does not grow the timeline.
 */
function measurePull(started: number, detail: Spent & { rows: number }): void {
  if (typeof performance.measure !== 'function') return;
  performance.clearMeasures('crewcamp:pull');
  performance.measure('crewcamp:pull', { start: started, detail });
}
