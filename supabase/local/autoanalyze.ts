/**
 * PGlite has no autovacuum, so tables that grow are never analyzed and the planner keeps its
 * default guesses: a chat page read by event then walked every message of the event (10,000
 * rows: 0.8 s) where, with statistics, it reads the 50 it needs by index (1 ms). Like
 * autovacuum's analyze on a hosted project, this analyzes, now and then, each table that has
 * grown by more than a fifth since it was last analyzed (by pages: PGlite's activity counters
 * are not reliable), in the database lane that yields to API requests. A real PostgreSQL
 * (DATABASE_URL) has its own autovacuum and is left alone.
 */
import type { Database } from './db.ts';

/** Tables smaller than this (8 kB pages) gain nothing from statistics. */
const MIN_PAGES = 16;

export interface AutoAnalyze {
  /** Analyzes what has grown, now (what the timer does). */
  run(): Promise<string[]>;
  /** Stops the timer and waits for a run in progress. */
  close(): Promise<void>;
}

export function startAutoAnalyze(db: Database, options: { firstMs: number; intervalMs: number }): AutoAnalyze {
  let running: Promise<string[]> | null = null;
  const run = () => {
    running ??= analyzeGrown(db).finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    run().catch((error: unknown) => console.error('[autoanalyze]', error));
  };
  const first = setTimeout(tick, options.firstMs);
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();
  return {
    run,
    async close() {
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}

async function analyzeGrown(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r'
        and n.nspname in ('public', 'auth', 'storage')
        and pg_relation_size(c.oid) / current_setting('block_size')::int >= $1
        and (c.reltuples < 0
             or pg_relation_size(c.oid) / current_setting('block_size')::int > 1.2 * c.relpages)`,
    [MIN_PAGES],
  );
  for (const { name } of rows) await db.exec(`analyze ${name}`);
  return rows.map((row) => row.name);
}
