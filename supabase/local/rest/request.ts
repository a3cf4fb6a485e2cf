/**
 * What PostgREST reads from a request besides the path: the `Prefer` header, the `Accept` media
 * type (JSON array, singular object, CSV, stripped nulls), the `Range` header, the JSON body, and
 * the query parameters that filter, order and page each level of the `select` tree.
 */
import type { ApiRequest } from '../app.ts';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../json-depth.ts';
import { invalidJson, parseError, pgrstError } from './errors.ts';
import { parseCount, parseField, parseFilter, parseLogic, parseOrder, splitKey } from './parse.ts';
import { conditionSql, levelAt, orderSql, type Builder, type Level } from './query.ts';

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  rollback: boolean;
  strict: boolean;
  maxAffected: number | null;
  singleObject: boolean;
}

export function parsePrefer(req: ApiRequest): Prefer {
  const raw = req.headers.prefer;
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  const prefer: Prefer = {
    return: null,
    count: false,
    resolution: null,
    missingDefault: false,
    rollback: false,
    strict: false,
    maxAffected: null,
    singleObject: false,
  };
  for (const part of text.split(/[,;]/)) {
    const [key, value = ''] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only'))
      prefer.return = value;
    else if (key === 'count' && ['exact', 'planned', 'estimated'].includes(value)) prefer.count = true;
    else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates'))
      prefer.resolution = value;
    else if (key === 'missing' && value === 'default') prefer.missingDefault = true;
    else if (key === 'tx' && value === 'rollback') prefer.rollback = true;
    else if (key === 'handling' && value === 'strict') prefer.strict = true;
    else if (key === 'max-affected' && /^\d+$/.test(value)) prefer.maxAffected = Number(value);
    else if (key === 'params' && value === 'single-object') prefer.singleObject = true;
  }
  return prefer;
}

export interface MediaType {
  kind: 'json' | 'object' | 'csv';
  stripNulls: boolean;
}

export function parseAccept(req: ApiRequest): MediaType {
  const accept = req.header('accept');
  if (!accept) return { kind: 'json', stripNulls: false };
  for (const entry of accept.split(',')) {
    const [type, ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return { kind: 'object', stripNulls };
    if (
      type === 'application/json' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === '*/*' ||
      type === 'application/*'
    ) {
      return { kind: 'json', stripNulls };
    }
    if (type === 'text/csv') return { kind: 'csv', stripNulls: false };
  }
  throw pgrstError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

/** `Range: 0-9` as offset and limit. */
export function parseRange(req: ApiRequest): { offset: number; limit?: number } | null {
  const range = req.header('range');
  if (!range) return null;
  const m = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(range.trim());
  if (!m) return null;
  const offset = Number(m[1]);
  if (m[2] === '') return { offset };
  const end = Number(m[2]);
  if (end < offset)
    throw pgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  return { offset, limit: end - offset + 1 };
}

export async function jsonBody(req: ApiRequest): Promise<unknown> {
  const body = await req.body();
  const text = body.toString('utf8');
  if (text.trim() === '') return undefined;
  if (jsonTooDeep(text)) throw pgrstError(400, 'PGRST102', 'Empty or invalid json', TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

/**
 * Applies the filter, logic, order, limit and offset parameters to their levels. `skip` names
 * parameters that mean something else (RPC arguments on GET).
 */
export function applyParams(b: Builder, root: Level, params: URLSearchParams, skip: Set<string> = new Set()): void {
  for (const [key, value] of params) {
    if (RESERVED.has(key) || skip.has(key)) continue;
    const split = splitKey(key);
    let { path } = split;
    const { field } = split;
    let negate = false;
    if ((field === 'or' || field === 'and') && path.at(-1) === 'not') {
      negate = true;
      path = path.slice(0, -1);
    }
    const level = levelAt(root, path);
    if (field === 'order') level.order.push(...orderSql(b, level, parseOrder(value)));
    else if (field === 'limit') level.limit = parseCount(value, 'limit parameter');
    else if (field === 'offset') level.offset = parseCount(value, 'offset parameter');
    else if (field === 'or' || field === 'and')
      level.conds.push(conditionSql(b, level, parseLogic(field, negate, value)));
    else {
      if (field === '') throw parseError('filter', key, 'expecting a column name');
      level.conds.push(conditionSql(b, level, parseFilter(parseField(field), value)));
    }
  }
}

/** The `columns=` parameter: `"a","b"` or `a,b`. */
export function parseColumns(text: string): string[] {
  return text
    .split(',')
    .map((c) => c.trim())
    .map((c) => (c.startsWith('"') && c.endsWith('"') && c.length >= 2 ? c.slice(1, -1).replace(/""/g, '"') : c))
    .filter((c) => c !== '');
}
