/**
 * PostgREST 13's replies, from the one row every statement returns (`total`, `n`, `body`,
 * `location`, `inserted`): the status and Content-Range of reads and calls (200, 206 when the
 * rows are fewer than the total, 416 past the end), of inserts (201, or 200 for an upsert that
 * inserted nothing), updates and deletes (200 with a representation, else 204), singular
 * responses (406 PGRST116), Preference-Applied and Content-Profile.
 */
import type { ApiResponse } from '../app.ts';
import { pgrstError } from './errors.ts';
import type { MediaType } from './request.ts';

export interface ResultRow {
  total: string | number | null;
  n: number;
  body: string;
  location: string[] | null;
  inserted: number | null;
}

export function totalOf(row: ResultRow): number | null {
  return row.total === null || row.total === undefined ? null : Number(row.total);
}

/** 406 unless exactly one row: thrown inside the transaction so that a write is rolled back. */
export function checkSingular(media: MediaType, row: ResultRow): void {
  if (media.kind === 'object' && Number(row.n) !== 1) {
    throw pgrstError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${row.n} rows`,
    );
  }
}

/** PostgREST's `contentRangeH lower upper total`. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

/** Status and Content-Range of a read or call: `rangeStatusHeader`. */
export function rangeStatus(offset: number, n: number, total: number | null): { status: number; range: string } {
  const upper = offset + n - 1;
  const range = contentRange(offset, upper, total);
  if (total === null) return { status: 200, range };
  if (offset > total) return { status: 416, range };
  return { status: n < total ? 206 : 200, range };
}

/** The body of a 416: the offset was past the last row. */
export function outOfRange(offset: number, total: number | null): ApiResponse {
  const error = pgrstError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`,
  );
  return { status: 416, body: error.body };
}

export interface ReplyContext {
  media: MediaType;
  /** `Content-Profile` when the schema was negotiated (several schemas exposed). */
  profile: Record<string, string>;
  head: boolean;
}

/** A read's or call's reply with its body. */
export function rowsReply(
  row: ResultRow,
  ctx: ReplyContext,
  offset: number,
  total: number | null,
  prefs: Record<string, string>,
): ApiResponse {
  const { status, range } = rangeStatus(offset, Number(row.n), total);
  if (status === 416) {
    const reply = outOfRange(offset, total);
    return { ...reply, headers: { 'content-range': range, ...prefs } };
  }
  return {
    status,
    headers: { 'content-range': range, ...prefs, 'content-type': ctx.media.contentType, ...ctx.profile },
    body: ctx.head ? undefined : row.body,
  };
}
