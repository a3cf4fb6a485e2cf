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
import { PAGE_SIZE } from './pull-pages.ts';
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

/**
 * Reads the rows of `source` whose `column` is one of `values` (rows that became visible), in
 * pages: PostgREST's db-max-rows would cut a longer answer short without saying so.
 */
async function fetchWhereIn(env: PullEnv, source: DeltaSource, column: string, values: string[]): Promise<Fields[]> {
  const rows: Fields[] = [];
  for (let i = 0; i < values.length; i += 100) {
    const chunk = values.slice(i, i + 100);
    for (let from = 0; ; from += PAGE_SIZE) {
      const page = expectRows<Fields>(
        await untyped(env.ctx.client)
          .from(source.remote)
          .select(source.select)
          .in(column, chunk)
          .order(source.tieBreaker)
          .range(from, from + PAGE_SIZE - 1)
          .retry(false),
        `fetch ${source.remote}`,
      );
      rows.push(...page);
      if (page.length < PAGE_SIZE) break;
    }
  }
  return rows;
}

/**
 * `joined`: scopes the user (re)joined in this pull, whose rows are read whole however old they
 * are, except from the sources in `readWhole` (read from their beginning by this pull after it saw
 * the memberships: a new device's first pull reads nothing twice). `thorough`: also scan the rows
 * living in scopes when no scope is gone (the timed reconcile).
 */
export async function reconcileVisibility(
  env: PullEnv,
  joined: string[] = [],
  thorough = true,
  readWhole: ReadonlySet<DeltaSource> = new Set(),
): Promise<{ purged: number; fetched: number }> {
  const { db } = env;
  const sources = env.registry.sources;
  const scope = sources.find((s) => s.visibility === 'scope');
  const inScope = sources.filter((s) => s.visibility === 'with-scope' && s.scopeColumn);
  const byId = sources.filter((s) => s.visibility === 'by-id');
  // The lists of visible ids are read at once (a round trip each on a slow link).
  const [scopes, ...byIdVisible] = await Promise.all([
    scope ? visibleIds(env, scope) : new Set<string>(),
    ...byId.map((source) => visibleIds(env, source)),
  ]);
  const visible = new Map(byId.map((source, i) => [source, byIdVisible[i]]));

  const fetched: Array<{ source: DeltaSource; rows: Fields[] }> = [];
  if (scope) {
    const local = new Set((await serverView(db, scope.table)).map((row) => row.key));
    // Scopes the user (re)joined show every row, however old.
    const missing = [...scopes].filter((id) => !local.has(id));
    const rejoined = [...scopes].filter((id) => local.has(id) && joined.includes(id));
    const freshFor = (source: DeltaSource) => (readWhole.has(source) ? missing : [...missing, ...rejoined]);
    for (const source of [scope, ...inScope]) {
      const fresh = freshFor(source);
      const column = source === scope ? 'id' : source.scopeColumn!;
      if (fresh.length) fetched.push({ source, rows: await fetchWhereIn(env, source, column, fresh) });
    }
  }
  for (const source of byId) {
    const local = new Set((await serverView(db, source.table)).map((row) => row.key));
    const fresh = [...visible.get(source)!].filter((id) => !local.has(id));
    if (fresh.length) fetched.push({ source, rows: await fetchWhereIn(env, source, 'id', fresh) });
  }

  return writeTx(db, async () => {
    const writer = new LocalWriter(db, env.ctx.userId, null);
    const gone = (id: string) => !scopes.has(id) && !isTempId(id);
    const goneScopes = scope ? (await serverView(db, scope.table)).filter((row) => gone(row.key)) : [];
    if (scope) await writer.storeServerRows(scope.table, goneScopes.map(removal));
    // A scope's rows leave the device with it, in this transaction: after a change of the user's own
    // membership with no scope gone, reading every row of the device would only hold up the user's
    // changes. The timed reconcile still reads them all.
    if (scope && (goneScopes.length > 0 || thorough)) {
      for (const source of inScope) {
        const rows = (await serverView(db, source.table)).filter((row) => {
          const scopeId: unknown = Reflect.get(row, source.scopeColumn!);
          return typeof scopeId === 'string' && gone(scopeId);
        });
        await writer.storeServerRows(source.table, rows.map(removal));
      }
    }
    for (const source of byId) {
      const ids = visible.get(source)!;
      const rows = (await serverView(db, source.table)).filter((row) => !ids.has(row.key));
      await writer.storeServerRows(source.table, rows.map(removal));
    }
    let count = 0;
    for (const { source, rows } of fetched) {
      await writer.storeServerRows(
        source.table,
        rows.map((serverRow) => source.toRow(serverRow, env.ctx.userId)),
      );
      count += rows.length;
    }
    await rebase(db, env.registry, writer.toRebase);
    return { purged: goneScopes.length, fetched: count };
  });
}

/** A row the server no longer has for this user. */
const removal = (row: { key: string }) => ({ key: row.key, row: null });
