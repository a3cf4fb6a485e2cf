/**
 * Pull: for each table, the rows changed after the stored keyset cursor `(updated_at, key)`, in
 * pages, starting an overlap window before the cursor (a commit can land with a timestamp older
 * than rows already pulled). Each page is stored with its cursor in one transaction, through the
 * shadows, so rows under live local changes are rebased. Friends and friend requests come as
 * snapshots. Then the visibility reconcile purges what the user can no longer see (removal from an
 * event and permanent deletion never arrive as deltas) and reads what became visible with an old
 * timestamp (added to an event); it runs on start, reconnect, a timer, and whenever the user's own
 * membership changed. Acknowledged entries whose effect
 * this pull has seen stop being replayed on top of the server state.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { MirrorTable, RowOf } from '../db/row-schemas.ts';
import type { KindRegistry, SyncContext } from './kind-registry.ts';
import { LocalWriter, sameRow, serverView, shadowId, tableOf } from './local-writer.ts';
import {
  deltaSources,
  eventsSource,
  friendFromServer,
  friendRequestFromServer,
  invitationsSource,
  membersSource,
  profileFromServer,
  type DeltaSource,
} from './pull-sources.ts';
import { rebase } from './rebase.ts';
import { failure } from './send-errors.ts';
import { compareTimestamps, shiftBack } from './timestamps.ts';
import { allEntries, writeTx } from './transactions.ts';
import { isTempId } from './temp-ids.ts';

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
export const OVERLAP_MS = 10_000;

interface Cursor {
  ts: string;
  id: string;
}

interface PostgrestAnswer<T> {
  data: T | null;
  error: { code?: string; message: string } | null;
  status: number;
}

function check<T>(answer: PostgrestAnswer<T>, what: string): T {
  if (answer.error) throw failure(answer.status, answer.error.code ?? '', `${what}: ${answer.error.message}`);
  return answer.data as T;
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
    let query = ctx.client
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
    const rows = check(await query, `pull ${source.remote}`) as unknown as Record<string, unknown>[];
    if (rows.length === 0) break;
    count += rows.length;
    if (source.table === 'members') {
      for (const r of rows) {
        if (r.user_id !== ctx.userId) continue;
        touchesMe = true;
        if (!r.deleted_at) joined.push(String(r.event_id));
      }
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

/** A pulled row as the device stores it: its key, and the row (null when gone for this user). */
type PulledRow = ReturnType<DeltaSource['toRow']>;

const isAfter = (a: Cursor, b: Cursor) => compareTimestamps(a.ts, b.ts) > 0 || (a.ts === b.ts && a.id > b.id);

/**
 * The pulled rows that differ from what the device holds as the server's state (the shadow where a
 * live change sits on the row, else the row itself), read in bulk. The user's own profile always
 * counts as changed (its address fields come from elsewhere).
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
  return mapped.filter(({ key, row }, i) => {
    if (source.table === 'profiles' && key === ctx.userId) return true;
    const shadow = shadows[i];
    return !sameRow(shadow ? shadow.row : (stored[i] ?? null), row);
  });
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
      if (source.table === 'profiles' && key === ctx.userId && row) {
        // Only get_my_profile() reads the address fields and notification settings; the delta must not blank them.
        await writer.storeServer('profiles', key, { ...(row as RowOf['profiles']), ...(await ownAddress(db, key)) });
        continue;
      }
      await writer.storeServer(source.table, key, row);
      if (source.table === 'profiles' && row) await patchMemberProfiles(writer, row as RowOf['profiles']);
    }
    const current = (await db.meta.get(cursorKey))?.value as Cursor | undefined;
    if (!current || isAfter(next, current)) await db.meta.put({ key: cursorKey, value: next });
    await rebase(db, env.registry, writer.toRebase);
  });
}

async function ownAddress(db: CrewCampDb, key: string): Promise<Partial<RowOf['profiles']>> {
  const shadow = await db.shadows.get(`profiles:${key}`);
  const base = (shadow ? shadow.row : await db.profiles.get(key)) as RowOf['profiles'] | null | undefined;
  return {
    country: base?.country ?? null,
    postal_code: base?.postal_code ?? null,
    street_address: base?.street_address ?? null,
    street_number: base?.street_number ?? null,
    notification_settings: base?.notification_settings ?? null,
  };
}

/** Members show their profile's name, avatar and email: keep them current when a profile changes. */
async function patchMemberProfiles(writer: LocalWriter, profile: RowOf['profiles']): Promise<void> {
  const { db } = writer;
  for (const member of await db.members.where('user_id').equals(profile.id).toArray()) {
    const shadow = await db.shadows.get(`members:${member.key}`);
    const base = shadow ? (shadow.row as RowOf['members'] | null) : member;
    if (!base) continue;
    if (base.name === profile.name && base.avatar === profile.avatar && base.email === profile.email) continue;
    await writer.storeServer('members', member.key, {
      ...base,
      name: profile.name,
      avatar: profile.avatar,
      email: profile.email,
    });
  }
}

/** Stores a complete server list for a table: rows not in it are gone. */
async function storeSnapshot<T extends MirrorTable>(
  env: PullEnv,
  table: T,
  rows: RowOf[T][],
  keep?: (row: RowOf[T]) => boolean,
) {
  const { db } = env;
  await writeTx(db, async () => {
    const writer = new LocalWriter(db, env.ctx.userId, null);
    const keys = new Set(rows.map((r) => r.key));
    for (const row of rows) await writer.storeServer(table, row.key, row);
    for (const local of await serverView(db, table)) {
      if (!keys.has(local.key) && !keep?.(local)) await writer.storeServer(table, local.key, null);
    }
    await rebase(db, env.registry, writer.toRebase);
  });
}

/** The user's own profile with the fields only its owner may read (address). */
async function pullOwnProfile(env: PullEnv): Promise<void> {
  const row = check(await env.ctx.client.rpc('get_my_profile'), 'get_my_profile') as Record<string, unknown> | null;
  if (!row || !row.id) return;
  await writeTx(env.db, async () => {
    const writer = new LocalWriter(env.db, env.ctx.userId, null);
    await writer.storeServer('profiles', String(row.id), profileFromServer(row));
    await rebase(env.db, env.registry, writer.toRebase);
  });
}

async function pullFriends(env: PullEnv): Promise<void> {
  const { client } = env.ctx;
  const friends = check(await client.rpc('get_friends'), 'get_friends') as Record<string, unknown>[];
  await storeSnapshot(env, 'friends', (friends ?? []).map(friendFromServer));
  const requests: RowOf['friendRequests'][] = [];
  for (const direction of ['incoming', 'outgoing'] as const) {
    const answer = check(
      await client.rpc('get_friend_requests', { p_direction: direction, p_status: null }),
      'get_friend_requests',
    ) as Record<string, unknown>[];
    for (const row of answer ?? []) requests.push(friendRequestFromServer(row, direction));
  }
  await storeSnapshot(env, 'friendRequests', requests);
}

/** The ids of every row of `remote` the user can see, in pages. */
async function visibleIds(env: PullEnv, remote: string): Promise<Set<string>> {
  const ids = new Set<string>();
  const page = 1000;
  for (let from = 0; ; from += page) {
    const rows = check(
      await env.ctx.client
        .from(remote)
        .select('id')
        .order('id')
        .range(from, from + page - 1)
        .retry(false),
      `visible ${remote}`,
    ) as { id: string }[];
    for (const row of rows) ids.add(row.id);
    if (rows.length < page) break;
  }
  return ids;
}

/** Reads the rows of `source` whose `column` is one of `values` (rows that became visible). */
async function fetchWhereIn(
  env: PullEnv,
  source: DeltaSource,
  column: string,
  values: string[],
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < values.length; i += 100) {
    const chunk = values.slice(i, i + 100);
    rows.push(
      ...(check(
        await env.ctx.client.from(source.remote).select(source.select).in(column, chunk).retry(false),
        `fetch ${source.remote}`,
      ) as unknown as Record<string, unknown>[]),
    );
  }
  return rows;
}

/**
 * Visibility changes that deltas cannot show: being removed from an event (or losing the manager
 * role) hides rows without changing them, and being added (or promoted) shows rows changed long
 * before the cursor. Compares the ids the user can see with the device: purges what is no longer
 * visible (an event, its members, its invitations, the rows of its pages), and reads what became
 * visible.
 */
export async function reconcileVisibility(
  env: PullEnv,
  joined: string[] = [],
  thorough = true,
): Promise<{ purged: number; fetched: number }> {
  const { db } = env;
  const me = env.ctx.userId;
  const events = await visibleIds(env, 'events');
  const invitations = await visibleIds(env, 'event_invitations');
  const localEvents = new Set((await serverView(db, 'events')).map((e) => e.key));
  const localInvitations = new Set((await serverView(db, 'invitations')).map((i) => i.key));
  // Events the user (re)joined show every member, however old their rows are.
  const newEvents = [...events].filter((id) => !localEvents.has(id) || joined.includes(id));
  const fetched: Array<{ source: DeltaSource; rows: Record<string, unknown>[] }> = [];
  if (newEvents.length) {
    fetched.push({ source: eventsSource, rows: await fetchWhereIn(env, eventsSource, 'id', newEvents) });
    fetched.push({ source: membersSource, rows: await fetchWhereIn(env, membersSource, 'event_id', newEvents) });
  }
  if (newEvents.length) {
    for (const source of deltaSources) {
      if (source.eventColumn)
        fetched.push({ source, rows: await fetchWhereIn(env, source, source.eventColumn, newEvents) });
    }
  }
  const newInvitations = [...invitations].filter((id) => !localInvitations.has(id));
  if (newInvitations.length)
    fetched.push({ source: invitationsSource, rows: await fetchWhereIn(env, invitationsSource, 'id', newInvitations) });

  return writeTx(db, async () => {
    const writer = new LocalWriter(db, me, null);
    let purged = 0;
    const gone = (eventId: string) => !events.has(eventId) && !isTempId(eventId);
    for (const event of await serverView(db, 'events')) {
      if (gone(event.key)) {
        await writer.storeServer('events', event.key, null);
        purged++;
      }
    }
    // An event's rows leave the device with it, in this transaction: after a change of the user's own
    // membership with no event gone, reading every member and page row of the device would only
    // hold up the user's changes. The timed reconcile still reads them all.
    if (purged > 0 || thorough) {
      for (const member of await serverView(db, 'members')) {
        if (gone(member.event_id)) await writer.storeServer('members', member.key, null);
      }
      for (const source of deltaSources) {
        if (!source.eventColumn) continue;
        for (const row of await serverView(db, source.table)) {
          const eventId = (row as { event_id?: string }).event_id;
          if (eventId && gone(eventId)) await writer.storeServer(source.table, row.key, null);
        }
      }
    }
    for (const invitation of await serverView(db, 'invitations')) {
      if (!invitations.has(invitation.key)) await writer.storeServer('invitations', invitation.key, null);
    }
    let count = 0;
    for (const { source, rows } of fetched) {
      for (const serverRow of rows) {
        const { key, row } = source.toRow(serverRow, me);
        await writer.storeServer(source.table, key, row);
        count++;
      }
    }
    await rebase(db, env.registry, writer.toRebase);
    return { purged, fetched: count };
  });
}

/** Acknowledged entries acknowledged before `pullStartedAt`: this pull saw their effect. */
export async function settleAcked(db: CrewCampDb, registry: KindRegistry, pullStartedAt: number): Promise<void> {
  await writeTx(db, async () => {
    const done = (await allEntries(db)).filter((e) => e.status === 'acked' && (e.ackedAt ?? 0) < pullStartedAt);
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
  /** Also read the snapshots (friends, friend requests) and the user's whole profile. */
  full: boolean;
}

/** One full pull. Throws a SendFailure when the backend cannot be read. */
export async function pull(
  env: PullEnv,
  options: PullOptions = { reconcile: true, full: true },
): Promise<{ rows: number }> {
  const now = env.now ?? Date.now;
  const startedAt = now();
  let rows = 0;
  let ownMembershipChanged = false;
  const joined: string[] = [];
  for (const source of deltaSources) {
    const pulled = await pullSource(env, source);
    rows += pulled.count;
    ownMembershipChanged ||= pulled.touchesMe;
    joined.push(...pulled.joined);
  }
  if (options.full) {
    await pullOwnProfile(env);
    await pullFriends(env);
  }
  if (options.reconcile || ownMembershipChanged) {
    await reconcileVisibility(env, joined, options.reconcile);
    await env.db.meta.put({ key: 'lastReconcileAt', value: now() });
  }
  await settleAcked(env.db, env.registry, startedAt);
  await env.db.meta.put({ key: 'lastSyncedAt', value: now() });
  return { rows };
}
