/**
 * Which changed rows of one table each subscriber may select now: one call of
 * `_local.realtime_visible` (bootstrap.sql) per table and batch of changes, which runs, for each
 * subscriber in turn (its role, its claims), one prepared probe that finds the rows by primary key
 * in the live table under its RLS. The probe joins on typed columns of `jsonb_populate_recordset`,
 * so the primary-key condition is leak-proof and the planner uses the index below the policies
 * (reading the key through a function of the record would make it evaluate the policy on every
 * row of the table first). Calls are kept small (a bounded number of subscribers and rows each)
 * so that the API's requests never wait long behind one. A call that fails (a policy raising for
 * one caller) is made again caller by caller; a caller whose check fails sees nothing.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db.ts';
import type { Claims } from '../jwt.ts';
import { quoteIdent, type TableInfo } from './catalog.ts';

/** One role-and-claims a change is checked for (every channel joined with the same token). */
export interface Identity {
  role: string;
  claims: Claims;
}

const CALLERS_PER_CALL = 32;
const ROWS_PER_CALL = 100;

function probeOf(info: TableInfo): { name: string; sql: string } {
  const match = info.primaryKey.map((column) => `t.${quoteIdent(column)} = x.${quoteIdent(column)}`).join(' and ');
  const sql = `select coalesce(array_agg(x.ordinality::int), '{}')
            from jsonb_populate_recordset(null::${info.qualified}, $1) with ordinality as x
           where exists (select 1 from ${info.qualified} t where ${match})`;
  // Named after its text: a table whose key changes gets a new statement.
  return { name: `_local_rt_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, sql };
}

interface Caller {
  role: string;
  claims: string;
  sub: string;
  email: string;
}

async function call(db: Database, probe: { name: string; sql: string }, keys: string, callers: Caller[]) {
  const { rows } = await db.query<{ caller: number; change: number }>(
    'select caller, change from _local.realtime_visible($1, $2, $3::text::jsonb, $4::text::jsonb)',
    [probe.name, probe.sql, keys, JSON.stringify(callers)],
  );
  return rows.map((row) => ({ caller: Number(row.caller) - 1, change: Number(row.change) - 1 }));
}

/**
 * For each identity (by index), the indexes of `records` it may select. Records must carry the
 * table's primary key columns.
 */
export async function visibleRecords(
  db: Database,
  info: TableInfo,
  records: Array<Record<string, unknown>>,
  identities: Identity[],
): Promise<Array<Set<number>>> {
  const seen = identities.map(() => new Set<number>());
  if (info.primaryKey.length === 0 || records.length === 0) return seen;
  const probe = probeOf(info);
  const keys = records.map((record) => {
    const key: Record<string, unknown> = {};
    for (const column of info.primaryKey) key[column] = record[column] ?? null;
    return key;
  });
  for (let r = 0; r < keys.length; r += ROWS_PER_CALL) {
    const rowChunk = JSON.stringify(keys.slice(r, r + ROWS_PER_CALL));
    for (let c = 0; c < identities.length; c += CALLERS_PER_CALL) {
      const chunk = identities.slice(c, c + CALLERS_PER_CALL);
      const callers: Caller[] = chunk.map((identity) => ({
        role: identity.role,
        claims: JSON.stringify(identity.claims),
        sub: typeof identity.claims.sub === 'string' ? identity.claims.sub : '',
        email: typeof identity.claims.email === 'string' ? identity.claims.email : '',
      }));
      let found: Array<{ caller: number; change: number }>;
      try {
        found = await call(db, probe, rowChunk, callers);
      } catch {
        found = [];
        for (let one = 0; one < callers.length; one++) {
          const alone = await call(db, probe, rowChunk, [callers[one]]).catch(() => []);
          for (const hit of alone) found.push({ caller: one, change: hit.change });
        }
      }
      for (const hit of found) seen[c + hit.caller]?.add(r + hit.change);
    }
  }
  return seen;
}
