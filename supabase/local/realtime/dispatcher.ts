/**
 * Delivers captured row changes as `postgres_changes` messages, as the hosted Realtime (walrus)
 * does: each change of `_local.changes` is consumed exactly once, in id order, and reaches a
 * channel when one of its bindings matches (event, schema, table, filter) and the channel's
 * caller may select the row under RLS. That check is made per table and batch of changes for all
 * subscribers at once (visibility.ts: by primary key, as each caller's role with its claims; the
 * channels joined with one token count once). DELETE cannot be checked under RLS: it goes to
 * every matching binding with only the primary key in `old_record` when RLS is on. Records carry
 * only the columns the role may select; a banned user's channels get nothing.
 * All of it runs in the database lane that yields to API requests, in bounded batches, with a
 * turn of the event loop between batches; a channel receives its changes in commit order. Runs on
 * `wake()` (after API requests that may have written; wakes coalesce, one dispatch at a time) and
 * on a timer (writes made outside the API).
 */
import type { Database } from '../db.ts';
import { isUserId, subOf } from './authorization.ts';
import { bindingMatches, evaluateFilters, type Binding, type ChangeEvent, type Filter } from './bindings.ts';
import type { Catalog, CatalogCache, TableInfo } from './catalog.ts';
import type { ChannelState, Hub } from './hub.ts';
import { visibleRecords, type Identity } from './visibility.ts';

/** Changes consumed per database round trip: small, so that an API request never waits long. */
const BATCH = 200;
/** After this many changes consumed, the emptied log is vacuumed (PGlite has no autovacuum). */
const VACUUM_AFTER = 5000;
const TICK_MS = 250;
/** With nobody listening, the log is still trimmed every this many ticks. */
const IDLE_TICKS = 20;

interface ChangeRow {
  id: string;
  schema_name: string;
  table_name: string;
  op: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: Date | string;
  /** The listeners' users that are banned now (the same on every row). */
  banned: string[];
}

interface Change {
  id: bigint;
  event: ChangeEvent;
  info: TableInfo;
  record: Record<string, unknown> | null;
  oldRecord: Record<string, unknown> | null;
  commitTimestamp: string;
  /** The listening channels whose bindings match, with the ids of those bindings. */
  targets: Map<ChannelState, Binding[]>;
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Dispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private ticks = 0;
  private consumed = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly catalogs: CatalogCache,
    private readonly hub: Hub,
    private readonly quiet: boolean,
  ) {
    this.timer = setInterval(() => {
      this.ticks++;
      if (this.hub.hasChangeSubscribers() || this.ticks % IDLE_TICKS === 0) this.wake();
    }, TICK_MS);
    this.timer.unref();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.drain();
      } catch (error) {
        if (!this.stopped && !this.quiet) console.error('[realtime] dispatch failed', error);
        return;
      }
    } while (this.again && !this.stopped);
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      // One round trip: the batch, and which of the users listening are banned now.
      const subs = new Set<string>();
      for (const channel of this.hub.channels()) {
        const sub = subOf(channel.auth);
        if (channel.bindings.length > 0 && sub !== null && isUserId(sub)) subs.add(sub);
      }
      const { rows } = await this.db.query<ChangeRow>(
        `with consumed as (
           delete from _local.changes
            where id in (select id from _local.changes order by id limit ${BATCH})
            returning id, schema_name, table_name, op, record, old_record, commit_timestamp
         )
         select c.id::text as id, c.schema_name, c.table_name, c.op, c.record, c.old_record, c.commit_timestamp,
                (select coalesce(array_agg(u.id::text), '{}') from auth.users u
                  where u.id = any($1::uuid[]) and u.banned_until > now()) as banned
           from consumed c`,
        [[...subs]],
      );
      if (rows.length === 0) {
        if (this.consumed >= VACUUM_AFTER && this.db.kind === 'pglite') {
          // Deleted rows stay in the table until a vacuum: without one, taking the next batch
          // means stepping over every change ever delivered.
          this.consumed = 0;
          await this.db.exec('vacuum _local.changes');
        }
        return;
      }
      this.consumed += rows.length;
      rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
      if (this.hub.hasChangeSubscribers()) await this.deliver(rows);
      if (rows.length < BATCH) return;
      await yieldTurn();
    }
  }

  private async deliver(rows: ChangeRow[]): Promise<void> {
    const catalog = this.catalogs.current();
    const listening = this.hub.channels().filter((channel) => channel.bindings.length > 0);
    const changes: Change[] = [];
    for (const row of rows) {
      if (row.op !== 'INSERT' && row.op !== 'UPDATE' && row.op !== 'DELETE') continue;
      const info = await catalog.table(row.schema_name, row.table_name);
      if (!info) continue;
      const id = BigInt(row.id);
      const targets = new Map<ChannelState, Binding[]>();
      for (const channel of listening) {
        if (id <= channel.watermark) continue;
        const matched = channel.bindings.filter((b) =>
          bindingMatches(b, row.op as ChangeEvent, info.schema, info.table),
        );
        if (matched.length > 0) targets.set(channel, matched);
      }
      if (targets.size === 0) continue;
      changes.push({
        id,
        event: row.op,
        info,
        record: row.record,
        oldRecord: row.old_record,
        commitTimestamp: new Date(row.commit_timestamp).toISOString(),
        targets,
      });
    }
    if (changes.length === 0) return;

    const banned = new Set(rows[0]?.banned ?? []);
    const byTable = new Map<TableInfo, Change[]>();
    for (const change of changes) {
      const list = byTable.get(change.info);
      if (list) list.push(change);
      else byTable.set(change.info, [change]);
    }
    const passes = new Map<Change, Map<Binding, boolean>>();
    const visible = new Map<Change, Set<string>>();
    for (const [info, tableChanges] of byTable) {
      await this.applyFilters(info, tableChanges, passes);
      await this.checkVisibility(catalog, info, tableChanges, banned, visible);
    }

    const encoded = new Map<string, string>();
    for (const change of changes) {
      for (const [channel, bindings] of change.targets) {
        if (!this.hub.has(channel) || banned.has(subOf(channel.auth) ?? '')) continue;
        if (!visible.get(change)?.has(channel.auth.token)) continue;
        const ids: number[] = [];
        for (const binding of bindings) {
          if (binding.filter && !passes.get(change)?.get(binding)) continue;
          if (!ids.includes(binding.id)) ids.push(binding.id);
        }
        if (ids.length === 0) continue;
        const key = `${change.id}|${channel.auth.role}`;
        let data = encoded.get(key);
        if (data === undefined) {
          data = JSON.stringify(payloadFor(change, await catalog.selectable(channel.auth.role, change.info)));
          encoded.set(key, data);
        }
        if (this.hub.has(channel))
          channel.sink.pushEncoded(channel, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${data}}`);
      }
    }
  }

  /** Evaluates each distinct filter once per change of the table (against the old row for DELETE). */
  private async applyFilters(info: TableInfo, changes: Change[], passes: Map<Change, Map<Binding, boolean>>) {
    const distinct = new Map<string, Filter>();
    for (const change of changes) {
      for (const bindings of change.targets.values()) {
        for (const binding of bindings) if (binding.filter) distinct.set(filterKey(binding.filter), binding.filter);
      }
    }
    if (distinct.size === 0) return;
    const filters = [...distinct.values()];
    const keys = [...distinct.keys()];
    const rows = changes.map((change) => (change.event === 'DELETE' ? change.oldRecord : change.record) ?? {});
    let answers: boolean[][];
    try {
      answers = await evaluateFilters(this.db, info, rows, filters);
    } catch {
      // one row the filters cannot be read against (the table changed) must not cost the others
      answers = [];
      for (const row of rows)
        answers.push(
          await evaluateFilters(this.db, info, [row], filters).then(
            (a) => a[0],
            () => filters.map(() => false),
          ),
        );
    }
    changes.forEach((change, i) => {
      const byBinding = new Map<Binding, boolean>();
      for (const bindings of change.targets.values()) {
        for (const binding of bindings) {
          if (binding.filter) byBinding.set(binding, answers[i]?.[keys.indexOf(filterKey(binding.filter))] ?? false);
        }
      }
      passes.set(change, byBinding);
    });
  }

  /** Which tokens may see each change (by token: one check for every channel joined with it). */
  private async checkVisibility(
    catalog: Catalog,
    info: TableInfo,
    changes: Change[],
    banned: Set<string>,
    visible: Map<Change, Set<string>>,
  ): Promise<void> {
    const identities = new Map<string, Identity>();
    const checked: Change[] = [];
    for (const change of changes) {
      const tokens = new Set<string>();
      visible.set(change, tokens);
      let needsCheck = false;
      for (const channel of change.targets.keys()) {
        const { role, token, claims } = channel.auth;
        if (banned.has(subOf(channel.auth) ?? '')) continue;
        const selectable = await catalog.selectable(role, info);
        const readable = info.primaryKey.length > 0 && info.primaryKey.every((c) => selectable.has(c));
        if (change.event === 'DELETE' || !info.rls || !readable || role === 'service_role') {
          tokens.add(token);
          continue;
        }
        needsCheck = true;
        identities.set(token, { role, claims });
      }
      if (needsCheck) checked.push(change);
    }
    if (checked.length === 0 || identities.size === 0) return;
    const tokens = [...identities.keys()];
    let seen: Array<Set<number>>;
    try {
      seen = await visibleRecords(
        this.db,
        info,
        checked.map((change) => change.record ?? {}),
        [...identities.values()],
      );
    } catch (error) {
      // a check that cannot run hides the rows, as a failing select would
      if (!this.quiet) console.error('[realtime] permission check failed', error);
      return;
    }
    seen.forEach((indexes, i) => {
      for (const index of indexes) visible.get(checked[index])?.add(tokens[i]);
    });
  }
}

function filterKey(filter: Filter): string {
  return JSON.stringify([filter.column, filter.op, filter.values]);
}

function pick(record: Record<string, unknown> | null, keep: (column: string) => boolean): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(record ?? {})) if (keep(column)) picked[column] = value;
  return picked;
}

/** The `data` of a postgres_changes message, in the hosted server's shape. */
function payloadFor(change: Change, selectable: Set<string>): Record<string, unknown> {
  const { info, event } = change;
  const base = {
    schema: info.schema,
    table: info.table,
    commit_timestamp: change.commitTimestamp,
    type: event,
    columns: info.columns.filter((column) => selectable.has(column.name)),
  };
  if (event !== 'DELETE') {
    if (info.primaryKey.length === 0) return { ...base, errors: ['Error 400: Bad Request, no primary key'] };
    if (!info.primaryKey.every((column) => selectable.has(column)))
      return { ...base, errors: ['Error 401: Unauthorized'] };
  }
  const data: Record<string, unknown> = { ...base };
  if (event !== 'DELETE') data.record = pick(change.record, (c) => selectable.has(c));
  if (event === 'UPDATE') data.old_record = pick(change.oldRecord, (c) => selectable.has(c));
  if (event === 'DELETE') {
    data.old_record = pick(change.oldRecord, (c) => selectable.has(c) && (!info.rls || info.primaryKey.includes(c)));
  }
  data.errors = null;
  return data;
}
