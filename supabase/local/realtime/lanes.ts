/**
 * Two lanes in front of the database so that Realtime never holds up an API request: every
 * operation of the API (the foreground) goes to the database at once; Realtime's work (the
 * background: permission checks, change delivery, joins) waits until no foreground operation is
 * running and, for PGlite, which runs one transaction at a time, until the event loop has had a
 * turn to start the next one. A background operation that has waited `agingMs` goes anyway, so
 * a backend that is never idle still delivers, just later. Background operations run one at a
 * time; each is kept short by its caller (small batches), since once it runs the foreground
 * queues behind it like behind any other transaction.
 */
import type { Database, Queryable, QueryResult } from '../db.ts';

export interface Lanes {
  /** The database for API requests: unchanged, but counted. */
  foreground: Database;
  /** The same database for Realtime's work: yields to the foreground. */
  background: Database;
}

export interface LaneOptions {
  /** Foreground operations the database runs at once (PGlite 1; a pool its size). */
  slots: number;
  /** The longest a background operation waits behind a busy foreground. */
  agingMs: number;
}

interface Waiting {
  since: number;
  start: () => void;
}

export function prioritize(db: Database, options: LaneOptions): Lanes {
  let foregroundActive = 0;
  let backgroundActive = false;
  const waiting: Waiting[] = [];
  let scheduled = false;
  let agingTimer: NodeJS.Timeout | null = null;

  const canStart = (head: Waiting) =>
    !backgroundActive &&
    (foregroundActive < Math.max(1, options.slots - 1) || performance.now() - head.since >= options.agingMs);

  // Looks again after the event loop's turn: a request that has just finished one query often
  // starts its next one in the same turn, and it should get the database first.
  const schedule = () => {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const head = waiting[0];
      if (!head) return;
      if (canStart(head)) {
        waiting.shift();
        if (agingTimer) clearTimeout(agingTimer);
        agingTimer = null;
        backgroundActive = true;
        head.start();
        return;
      }
      agingTimer ??= setTimeout(
        () => {
          agingTimer = null;
          schedule();
        },
        Math.max(1, options.agingMs - (performance.now() - head.since)),
      );
      agingTimer.unref();
    });
  };

  const foreground = <T>(run: () => Promise<T>): Promise<T> => {
    foregroundActive++;
    const done = () => {
      foregroundActive--;
      schedule();
    };
    return run().finally(done);
  };

  const background = <T>(run: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push({
        since: performance.now(),
        start: () => {
          run()
            .then(resolve, reject)
            .finally(() => {
              backgroundActive = false;
              schedule();
            });
        },
      });
      schedule();
    });

  const wrap = (lane: <T>(run: () => Promise<T>) => Promise<T>): Database => ({
    ...db,
    query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      return lane(() => db.query<T>(sql, params));
    },
    exec(sql: string) {
      return lane(() => db.exec(sql));
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return lane(() => db.transaction(fn));
    },
  });

  return { foreground: wrap(foreground), background: wrap(background) };
}
