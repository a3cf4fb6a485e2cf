/**
 * Shapes PostgREST's replies from the one row every statement returns (`total`, `n`, `body`):
 * JSON arrays, singular objects (406 PGRST116 otherwise), CSV, `Content-Range` with the exact
 * count, and the 200/206/416 statuses of ranged reads.
 */
import type { ApiResponse } from '../app.ts';
import { pgrstError } from './errors.ts';
import type { MediaType } from './request.ts';

export interface ResultRow {
  total: string | number | null;
  n: number;
  body: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export function totalOf(row: ResultRow): number | null {
  return row.total === null || row.total === undefined ? null : Number(row.total);
}

/** 406 unless exactly one row: thrown inside the transaction so that a write is rolled back. */
export function checkSingular(media: MediaType, row: ResultRow): void {
  if (media.kind === 'object' && Number(row.n) !== 1) {
    throw pgrstError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${row.n} rows`,
    );
  }
}

export function contentRange(offset: number, n: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return n === 0 ? `*/${totalText}` : `${offset}-${offset + n - 1}/${totalText}`;
}

/** The body in the requested media type, with its Content-Type. */
export function formatBody(media: MediaType, row: ResultRow): { body: string; type: string } {
  if (media.kind === 'object')
    return { body: Number(row.n) === 1 ? row.body.slice(1, -1).trim() : 'null', type: OBJECT_TYPE };
  if (media.kind === 'csv')
    return { body: toCsv(JSON.parse(row.body) as Array<Record<string, unknown>>), type: 'text/csv; charset=utf-8' };
  return { body: row.body, type: JSON_TYPE };
}

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(rows: Array<Record<string, unknown>>): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]);
  return [keys.map(csvValue).join(','), ...rows.map((r) => keys.map((k) => csvValue(r[k])).join(','))].join('\n');
}

/** A read's reply (tables, views and set-returning functions). */
export function readReply(row: ResultRow, media: MediaType, offset: number, head: boolean): ApiResponse {
  const n = Number(row.n);
  const total = totalOf(row);
  let status = 200;
  if (total !== null) {
    if (offset > total && !(offset === 0 && total === 0)) {
      throw pgrstError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        null,
        {
          'content-range': `*/${total}`,
        },
      );
    }
    if (n < total) status = 206;
  }
  const { body, type } = formatBody(media, row);
  return {
    status: media.kind === 'object' ? 200 : status,
    headers: { 'content-range': contentRange(offset, n, total), 'content-type': type },
    body: head ? undefined : body,
  };
}

/** A planned request: one statement, run in the caller's transaction, and how to reply. */
export interface Plan {
  sql: string;
  params: unknown[];
  /** GET and HEAD run in a READ ONLY transaction, as PostgREST's do. */
  readOnly: boolean;
  /** Runs inside the transaction on the statement's row; throwing rolls the transaction back. */
  check?(row: ResultRow): void;
  reply(row: ResultRow): ApiResponse;
  /** `Prefer: tx=rollback`: reply, then roll back. */
  rollback?: boolean;
  write: boolean;
}
