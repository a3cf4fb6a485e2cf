/**
 * The reading side of a pull. A delta source is read in keyset pages `(updated_at, tieBreaker)`;
 * the request for a source's next page leaves as soon as a full page arrives, so it travels while
 * that page is written to the device. Several sources are read at once (at most `PARALLEL_READS`
 * requests in flight, first asked first served): on a link with long round trips a pull costs a
 * few round trips, not one per table and page. Only the reading overlaps: pages are still stored
 * one at a time, in the registry's order (pull.ts).
 */
import { expectRows } from './backend-calls.ts';
import { untyped, type AppClient } from './client.ts';
import type { DeltaSource } from './pull-source.ts';
import type { Fields } from './server-values.ts';

/**
 * Requests in flight at once: a browser opens six connections per host over HTTP/1.1; four leave
 * room for the pushes and the photos of Get ready, and already fill a 100 ms round trip.
 */
export const PARALLEL_READS = 4;

/** Rows per page: PostgREST's db-max-rows (1000 on Supabase) caps a read, so never more. */
export const PAGE_SIZE = 1000;

export interface Cursor {
  ts: string;
  id: string;
}

/** The position after a row, for the next page and for the stored cursor. */
function cursorAfter(source: DeltaSource, row: Fields): Cursor {
  return { ts: String(row.updated_at), id: String(row[source.tieBreaker]) };
}

/** A FIFO of request slots: at most `size` reads in flight, served in the order they asked. */
export class ReadSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const quote = (v: string) => `"${v.replace(/"/g, '\\"')}"`;

/** One page: from `since` (the overlap window's start; null: from the beginning), or after `after`. */
function readPage(
  client: AppClient,
  source: DeltaSource,
  pageSize: number,
  since: string | null,
  after: Cursor | null,
): Promise<Fields[]> {
  let query = untyped(client)
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
  return Promise.resolve(query).then((answer) => expectRows<Fields>(answer, `pull ${source.remote}`));
}

/**
 * A read that may be abandoned (the pull failed elsewhere first) must not surface as an unhandled
 * rejection; whoever awaits it still gets the error.
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** One source's pages in order, the next one asked for as soon as a full page arrives. */
export class PageReader {
  private pending: Promise<Fields[]> | null;
  /** No cursor was stored: every row of the source the user can see is read. */
  readonly isFromStart: boolean;

  constructor(
    private readonly client: AppClient,
    readonly source: DeltaSource,
    private readonly slots: ReadSlots,
    private readonly pageSize: number,
    since: string | null,
  ) {
    this.isFromStart = since === null;
    this.pending = this.read(since, null);
  }

  private read(since: string | null, after: Cursor | null): Promise<Fields[]> {
    return settled(this.slots.run(() => readPage(this.client, this.source, this.pageSize, since, after)));
  }

  /** The next page and the cursor after it (null: no more rows). */
  async next(): Promise<{ rows: Fields[]; cursor: Cursor } | null> {
    if (!this.pending) return null;
    const rows = await this.pending;
    this.pending = null;
    if (rows.length === 0) return null;
    const cursor = cursorAfter(this.source, rows[rows.length - 1]);
    if (rows.length >= this.pageSize) this.pending = this.read(null, cursor);
    return { rows, cursor };
  }
}
