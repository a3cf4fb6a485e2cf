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
  response_headers?: string | null;
  response_status?: string | null;
}

/**
 * PostgREST's `overrideStatusHeaders`: `response.status` replaces the status, `response.headers`
 * (a JSON array of one-key objects) replaces or adds headers. Bad values are PGRST111 / PGRST112.
 */
export function withResponseSettings(row: ResultRow, reply: ApiResponse): ApiResponse {
  let status = reply.status;
  if (row.response_status) {
    const code = /^\d+/.exec(row.response_status.trim());
    if (!code || Number(code[0]) < 100 || Number(code[0]) > 599)
      throw pgrstError(500, 'PGRST112', 'response.status guc must be a valid status code');
    status = Number(code[0]);
  }
  let headers = reply.headers ?? {};
  if (row.response_headers) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      parsed = null;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (h) =>
          typeof h === 'object' &&
          h !== null &&
          Object.keys(h as object).length === 1 &&
          typeof Object.values(h as object)[0] === 'string',
      );
    if (!valid)
      throw pgrstError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    headers = { ...headers };
    for (const h of parsed as Array<Record<string, string>>) {
      const [name, value] = Object.entries(h)[0];
      headers[name.toLowerCase()] = value;
    }
  }
  return { ...reply, status, headers };
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
