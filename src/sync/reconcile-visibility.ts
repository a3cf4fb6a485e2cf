/**
 * Visibility changes that deltas cannot show: being removed from a scope (an event), or losing a
 * role, hides rows without changing them, and being added shows rows changed long before the
 * cursor. Compares the ids the user can see with the device, for the scope table and the tables
 * compared by id: purges what is no longer visible (with a scope go the rows that live in it), and
 * reads what became visible. Which tables play which part is the sources' `visibility`.
 */
import { expectRows } from './backend-calls.ts';
import { untyped } from './client.ts';
import { LocalWriter, serverView } from './local-writer.ts';
import type { PullEnv } from './pull.ts';
import type { DeltaSource } from './pull-source.ts';
import { rebase } from './rebase.ts';
import type { Fields } from './server-values.ts';
import { isTempId } from './temp-ids.ts';
import { writeTx } from './transactions.ts';

/** The ids of every row of `source` the user can see, in pages. */
async function visibleIds(env: PullEnv, source: DeltaSource): Promise<Set<string>> {
  const ids = new Set<string>();
  const page = 1000;
  for (let from = 0; ; from += page) {
    const rows = expectRows<{ id: string }>(
      await untyped(env.ctx.client)
        .from(source.remote)
        .select('id')
        .order('id')
        .range(from, from + page - 1)
        .retry(false),
      `visible ${source.remote}`,
    );
    for (const row of rows) ids.add(row.id);
    if (rows.length < page) break;
  }
  return ids;
}

/** Reads the rows of `source` whose `column` is one of `values` (rows that became visible). */
async function fetchWhereIn(env: PullEnv, source: DeltaSource, column: string, values: string[]): Promise<Fields[]> {
  const rows: Fields[] = [];
  for (let i = 0; i < values.length; i += 100) {
    const chunk = values.slice(i, i + 100);
    rows.push(
      ...expectRows<Fields>(
        await untyped(env.ctx.client).from(source.remote).select(source.select).in(column, chunk).retry(false),
        `fetch ${source.remote}`,
      ),
    );
  }
  return rows;
}

/**
 * `joined`: scopes the user (re)joined in this pull, whose rows are read whole however old they
 * are. `thorough`: also scan the rows living in scopes when no scope is gone (the timed reconcile).
 */
export async function reconcileVisibility(
  env: PullEnv,
  joined: string[] = [],
  thorough = true,
): Promise<{ purged: number; fetched: number }> {
  const { db } = env;
  const sources = env.registry.sources;
  const scope = sources.find((s) => s.visibility === 'scope');
  const inScope = sources.filter((s) => s.visibility === 'with-scope' && s.scopeColumn);
  const byId = sources.filter((s) => s.visibility === 'by-id');
  const scopes = scope ? await visibleIds(env, scope) : new Set<string>();
  const visible = new Map<DeltaSource, Set<string>>();
  for (const source of byId) visible.set(source, await visibleIds(env, source));

  const fetched: Array<{ source: DeltaSource; rows: Fields[] }> = [];
  if (scope) {
    const local = new Set((await serverView(db, scope.table)).map((row) => row.key));
    // Scopes the user (re)joined show every row, however old.
    const fresh = [...scopes].filter((id) => !local.has(id) || joined.includes(id));
    if (fresh.length) {
      fetched.push({ source: scope, rows: await fetchWhereIn(env, scope, 'id', fresh) });
      for (const source of inScope)
        fetched.push({ source, rows: await fetchWhereIn(env, source, source.scopeColumn!, fresh) });
    }
  }
  for (const source of byId) {
    const local = new Set((await serverView(db, source.table)).map((row) => row.key));
    const fresh = [...visible.get(source)!].filter((id) => !local.has(id));
    if (fresh.length) fetched.push({ source, rows: await fetchWhereIn(env, source, 'id', fresh) });
  }

  return writeTx(db, async () => {
    const writer = new LocalWriter(db, env.ctx.userId, null);
    let purged = 0;
    const gone = (id: string) => !scopes.has(id) && !isTempId(id);
    if (scope) {
      for (const row of await serverView(db, scope.table)) {
        if (gone(row.key)) {
          await writer.storeServer(scope.table, row.key, null);
          purged++;
        }
      }
    }
    // A scope's rows leave the device with it, in this transaction: after a change of the user's own
    // membership with no scope gone, reading every row of the device would only hold up the user's
    // changes. The timed reconcile still reads them all.
    if (scope && (purged > 0 || thorough)) {
      for (const source of inScope) {
        for (const row of await serverView(db, source.table)) {
          const scopeId: unknown = Reflect.get(row, source.scopeColumn!);
          if (typeof scopeId === 'string' && gone(scopeId)) await writer.storeServer(source.table, row.key, null);
        }
      }
    }
    for (const source of byId) {
      const ids = visible.get(source)!;
      for (const row of await serverView(db, source.table)) {
        if (!ids.has(row.key)) await writer.storeServer(source.table, row.key, null);
      }
    }
    let count = 0;
    for (const { source, rows } of fetched) {
      for (const serverRow of rows) {
        const { key, row } = source.toRow(serverRow, env.ctx.userId);
        await writer.storeServer(source.table, key, row);
        count++;
      }
    }
    await rebase(db, env.registry, writer.toRebase);
    return { purged, fetched: count };
  });
}
