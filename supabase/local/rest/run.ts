/**
 * Running a planned request as PostgREST runs it: one transaction as the caller (READ ONLY for
 * reads and for calls that do not write), with the request's search_path (its schema, then the
 * extra search path) and `Prefer: timezone`, the statement, a planned count from EXPLAIN, the
 * checks that roll a write back (singular responses, max-affected), then `Prefer: tx=rollback`;
 * the reply then takes the status and headers a function set in `response.status/headers`.
 */
import type { ApiResponse, App } from '../app.ts';
import { asCaller, type CallerContext } from '../db.ts';
import { withResponseSettings, type ResultRow } from './respond.ts';
import { plannedCount } from './statement.ts';

export interface Plan {
  sql: string;
  params: unknown[];
  readOnly: boolean;
  /** Wakes Realtime after the commit. */
  write: boolean;
  /** `Prefer: tx=rollback`: reply, then roll back. */
  rollback: boolean;
  /** Transaction-local settings (search_path, timezone). */
  settings: Record<string, string>;
  /** `count=planned` / `count=estimated`: the count query to EXPLAIN. */
  estimate?: { sql: string; params: unknown[]; mode: 'planned' | 'estimated'; maxRows: number | null };
  /** Runs inside the transaction on the statement's row; throwing rolls the transaction back. */
  check?(row: ResultRow): void;
  reply(row: ResultRow): ApiResponse;
}

class Rollback {
  constructor(readonly row: ResultRow) {}
}

export async function runPlan(app: App, caller: CallerContext, plan: Plan): Promise<ApiResponse> {
  try {
    const row = await asCaller(app.db, caller, async (tx) => {
      if (plan.readOnly) await tx.query('set transaction read only');
      const names = Object.keys(plan.settings);
      if (names.length) {
        const sets = names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ');
        await tx.query(
          `select ${sets}`,
          names.flatMap((n) => [n, plan.settings[n]]),
        );
      }
      const result = await tx.query<ResultRow>(plan.sql, plan.params);
      const first: ResultRow = result.rows[0] ?? { total: null, n: 0, body: '', location: null, inserted: null };
      if (plan.estimate) {
        const { mode, maxRows } = plan.estimate;
        const exact = first.total === null ? null : Number(first.total);
        if (mode === 'planned' || (maxRows !== null && exact !== null && exact > maxRows)) {
          const planned = await plannedCount(tx, plan.estimate.sql, plan.estimate.params);
          first.total = mode === 'planned' ? planned : Math.max(exact ?? 0, planned ?? 0);
        }
      }
      plan.check?.(first);
      if (plan.rollback) {
        await tx.query('set constraints all immediate');
        throw new Rollback(first);
      }
      return first;
    });
    if (plan.write) app.notifyWrite();
    return withResponseSettings(row, plan.reply(row));
  } catch (error) {
    if (error instanceof Rollback) return withResponseSettings(error.row, plan.reply(error.row));
    throw error;
  }
}
