/**
 * PostgREST's error replies: the `{code, message, details, hint}` body, the PGRST* errors the
 * local PostgREST raises itself (parse errors, schema-cache misses, singular responses), the
 * mapping of PostgreSQL SQLSTATE codes to HTTP statuses that PostgREST 13 applies, and replies a
 * function builds itself with `RAISE SQLSTATE 'PGRST'`.
 */
import { HttpError } from '../app.ts';
import { isPgError } from '../db.ts';

export interface PgrstBody {
  code: string;
  message: string;
  details: unknown;
  hint: string | null;
}

export function pgrstError(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): HttpError {
  const body: PgrstBody = { code, details, hint, message };
  return new HttpError(status, body, headers);
}

/** Bad query-string syntax (PGRST100). */
export function parseError(what: string, input: string, details: string): HttpError {
  return pgrstError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column 1)`, details);
}

export function unknownPayloadColumn(table: string, column: string): HttpError {
  return pgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

export function invalidJson(message = 'Empty or invalid json'): HttpError {
  return pgrstError(400, 'PGRST102', message);
}

/** PostgREST 13's table of SQLSTATE to HTTP status (`pgErrorStatus`). */
export function statusForSqlState(code: string, message: string, anonymous: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const cls = code.slice(0, 2);
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  if (code === 'P0001') return 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return anonymous ? 401 : 403;
  // disk_full: PostgREST says 503; 507 Insufficient Storage tells the client the write, not the
  // service, is what failed for want of room.
  if (code === '53100') return 507;
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls))
    return 500;
  // 22xxx, 23xxx, 42xxx and the rest are the caller's fault.
  return 400;
}

function parseJson(text: string | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}'`: the caller's own reply. */
function raisedReply(error: { message: string; detail?: string }): HttpError {
  const message = parseJson(error.message);
  if (!message || typeof message.code !== 'string' || typeof message.message !== 'string')
    return pgrstError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  const detail = parseJson(error.detail);
  if (!detail || typeof detail.status !== 'number' || typeof detail.headers !== 'object' || detail.headers === null)
    return pgrstError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      error.detail ? `Invalid JSON value for DETAIL: '${error.detail}'` : 'DETAIL is missing in the RAISE statement',
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(detail.headers as Record<string, unknown>)) headers[k.toLowerCase()] = String(v);
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return pgrstError(detail.status, message.code, message.message, str(message.details), str(message.hint), headers);
}

/** Turns a PostgreSQL error thrown by a query into PostgREST's reply. */
export function fromPgError(error: unknown, anonymous: boolean): HttpError | null {
  if (!isPgError(error)) return null;
  if (error.code === 'PGRST') return raisedReply(error);
  const status = statusForSqlState(error.code, error.message, anonymous);
  const body: PgrstBody = {
    code: error.code,
    details: error.detail || null,
    hint: error.hint || null,
    message: error.message,
  };
  return new HttpError(status, body, status === 401 ? { 'www-authenticate': 'Bearer' } : {});
}
