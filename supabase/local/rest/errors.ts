/**
 * PostgREST's error replies: the `{code, message, details, hint}` body, the PGRST* errors the
 * local PostgREST raises itself (parse errors, schema-cache misses, singular responses) and the
 * mapping of PostgreSQL SQLSTATE codes to HTTP statuses that PostgREST v12 applies.
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

export function unknownColumn(table: string, column: string): HttpError {
  return pgrstError(400, '42703', `column ${table}.${column} does not exist`);
}

export function unknownPayloadColumn(table: string, column: string): HttpError {
  return pgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

export function invalidJson(message = 'Empty or invalid json'): HttpError {
  return pgrstError(400, 'PGRST102', message);
}

/** PostgREST's table of SQLSTATE to HTTP status. */
export function statusForSqlState(code: string, anonymous: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '57014') return 500;
  // disk_full: PostgREST says 503; 507 Insufficient Storage tells the client the write, not the
  // service, is what failed for want of room.
  if (code === '53100') return 507;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'XX', 'P0'].includes(cls)) return 500;
  // 22xxx, 23xxx, 42xxx and the rest are the caller's fault.
  return 400;
}

/** Turns a PostgreSQL error thrown by a query into PostgREST's reply. */
export function fromPgError(error: unknown, anonymous: boolean): HttpError | null {
  if (!isPgError(error)) return null;
  const status = statusForSqlState(error.code, anonymous);
  const body: PgrstBody = {
    code: error.code,
    details: error.detail || null,
    hint: error.hint || null,
    message: error.message,
  };
  return new HttpError(status, body);
}
