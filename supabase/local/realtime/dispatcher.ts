/**
 * Delivers captured row changes as `postgres_changes` messages, as the hosted Realtime (walrus)
 * does: each change of `_local.changes` is consumed exactly once, in id order; it reaches a
 * channel when one of its bindings matches (event, schema, table, filter) and the channel's
 * role may select the row under RLS (checked against the live table by primary key, as that
 * role with its claims). DELETE cannot be checked under RLS: it goes to every matching binding
 * with only the primary key in `old_record` when RLS is on. Records carry only the columns the
 * role may select. Runs on `wake()` (after API requests that may have written; wakes coalesce,
 * one dispatch at a time) and on a timer (writes made outside the API).
 */
import type { App } from '../app.ts';
import { asCaller } from '../db.ts';
import { channelCaller } from './auth.ts';
import { bindingMatches, evaluateFilters, type ChangeEvent, type Filter } from './bindings.ts';
import { Catalog, quoteIdent, type TableInfo } from './catalog.ts';
import type { ChannelState, Hub } from './hub.ts';

const BATCH = 500;
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
}

interface Change {
  id: bigint;
  event: ChangeEvent;
  info: TableInfo;
  record: Record<string, unknown> | null;
  oldRecord: Record<string, unknown> | null;
  commitTimestamp: string;
}

interface Delivery {
  change: Change;
  ids: number[];
}

export class Dispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private ticks = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly app: App,
    private readonly hub: Hub,
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
        if (!this.stopped && !this.app.config.quiet) console.error('[realtime] dispatch failed', error);
        return;
      }
    } while (this.again && !this.stopped);
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const { rows } = await this.app.db.query<ChangeRow>(
        `delete from _local.changes
          where id in (select id from _local.changes order by id limit ${BATCH})
          returning id::text as id, schema_name, table_name, op, record, old_record, commit_timestamp`,
      );
      if (rows.length === 0) return;
      rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
      if (this.hub.hasChangeSubscribers()) await this.deliver(rows);
      if (rows.length < BATCH) return;
    }
  }

  private async deliver(rows: ChangeRow[]): Promise<void> {
    const catalog = new Catalog(this.app.db);
    const channels = this.hub.channels().filter((channel) => channel.bindings.length > 0);
    const deliveries = new Map<ChannelState, Delivery[]>();
    for (const row of rows) {
      if (row.op !== 'INSERT' && row.op !== 'UPDATE' && row.op !== 'DELETE') continue;
      const info = await catalog.table(row.schema_name, row.table_name);
      if (!info) continue;
      const change: Change = {
        id: BigInt(row.id),
        event: row.op,
        info,
        record: row.record,
        oldRecord: row.old_record,
        commitTimestamp: new Date(row.commit_timestamp).toISOString(),
      };
      const candidates: Array<{ channel: ChannelState; id: number; filter: Filter | null }> = [];
      for (const channel of channels) {
        if (change.id <= channel.watermark) continue;
        for (const binding of channel.bindings) {
          if (bindingMatches(binding, change.event, info.schema, info.table)) {
            candidates.push({ channel, id: binding.id, filter: binding.filter });
          }
        }
      }
      if (candidates.length === 0) continue;
      const passed = await this.filtersPassed(
        info,
        change,
        candidates.map((c) => c.filter),
      );
      for (const candidate of candidates) {
        if (candidate.filter && !passed.get(filterKey(candidate.filter))) continue;
        let list = deliveries.get(candidate.channel);
        if (!list) {
          list = [];
          deliveries.set(candidate.channel, list);
        }
        const last = list[list.length - 1];
        if (last?.change === change) {
          if (!last.ids.includes(candidate.id)) last.ids.push(candidate.id);
        } else {
          list.push({ change, ids: [candidate.id] });
        }
      }
    }
    for (const [channel, list] of deliveries) await this.deliverTo(catalog, channel, list);
  }

  /** Evaluates each distinct filter once against the change's row (the old row for DELETE). */
  private async filtersPassed(
    info: TableInfo,
    change: Change,
    filters: Array<Filter | null>,
  ): Promise<Map<string, boolean>> {
    const distinct = new Map<string, Filter>();
    for (const filter of filters) if (filter) distinct.set(filterKey(filter), filter);
    const result = new Map<string, boolean>();
    if (distinct.size === 0) return result;
    const row = change.event === 'DELETE' ? change.oldRecord : change.record;
    try {
      const values = await evaluateFilters(this.app.db, info, row ?? {}, [...distinct.values()]);
      [...distinct.keys()].forEach((key, i) => result.set(key, values[i]));
    } catch {
      // a filter that cannot be evaluated against this row (the table changed) does not match
    }
    return result;
  }

  private async deliverTo(catalog: Catalog, channel: ChannelState, list: Delivery[]): Promise<void> {
    const role = channel.auth.role;
    const visible = new Set<Change>();
    const byTable = new Map<TableInfo, Change[]>();
    for (const { change } of list) {
      const selectable = await catalog.selectable(role, change.info);
      const readable = change.info.primaryKey.length > 0 && change.info.primaryKey.every((c) => selectable.has(c));
      if (change.event === 'DELETE' || !change.info.rls || !readable) {
        visible.add(change);
        continue;
      }
      const pending = byTable.get(change.info) ?? [];
      pending.push(change);
      byTable.set(change.info, pending);
    }
    for (const [info, changes] of byTable) {
      for (const change of await this.rlsVisible(channel, info, changes)) visible.add(change);
    }
    for (const { change, ids } of list) {
      if (!visible.has(change) || !this.hub.has(channel)) continue;
      const selectable = await catalog.selectable(role, change.info);
      channel.sink.push(channel, 'postgres_changes', { ids, data: payloadFor(change, selectable) }, false);
    }
  }

  /** The changes whose row the channel's caller may select now, by primary key, under RLS. */
  private async rlsVisible(channel: ChannelState, info: TableInfo, changes: Change[]): Promise<Change[]> {
    const match = info.primaryKey
      .map(
        (column) =>
          `t.${quoteIdent(column)} = (jsonb_populate_record(null::${info.qualified}, x.rec)).${quoteIdent(column)}`,
      )
      .join(' and ');
    try {
      const rows = await asCaller(this.app.db, channelCaller(channel.auth), (tx) =>
        tx.query<{ i: number }>(
          `select x.i::int4 as i
             from jsonb_array_elements($1::text::jsonb) with ordinality as x(rec, i)
            where exists (select 1 from ${info.qualified} t where ${match})`,
          [JSON.stringify(changes.map((change) => change.record ?? {}))],
        ),
      );
      return rows.rows.map((row) => changes[Number(row.i) - 1]).filter((change) => change !== undefined);
    } catch {
      // a policy that fails for this caller hides the rows, as it would from a select
      return [];
    }
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
