/**
 * What PostgREST reads from a request besides the path and the query string: the `Prefer`
 * header (split at commas, unknown preferences collected for `handling=strict`), the `Accept`
 * media types in order of preference, the `Range` header (GET only), and the JSON body.
 */
import type { ApiRequest } from '../app.ts';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../json-depth.ts';
import { invalidJson, pgrstError } from './errors.ts';
import type { Range } from './plan-types.ts';

export interface Prefer {
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  tx: 'commit' | 'rollback' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  timezone: string | null;
  maxAffected: number | null;
  invalid: string[];
}

const CHOICES: Array<[keyof Prefer, string, string[]]> = [
  ['resolution', 'resolution', ['merge-duplicates', 'ignore-duplicates']],
  ['return', 'return', ['representation', 'minimal', 'headers-only']],
  ['count', 'count', ['exact', 'planned', 'estimated']],
  ['tx', 'tx', ['commit', 'rollback']],
  ['missing', 'missing', ['default', 'null']],
  ['handling', 'handling', ['strict', 'lenient']],
];

export function parsePrefer(req: ApiRequest, timezones: Set<string>): Prefer {
  const raw = req.headers.prefer;
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  const prefs = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const out: Prefer = {
    resolution: null,
    return: null,
    count: null,
    tx: null,
    missing: null,
    handling: null,
    timezone: null,
    maxAffected: null,
    invalid: [],
  };
  const record = out as unknown as Record<string, unknown>;
  for (const pref of prefs) {
    const known = CHOICES.find(([, key, values]) => values.some((v) => pref === `${key}=${v}`));
    if (known) {
      record[known[0]] ??= pref.slice(known[1].length + 1);
      continue;
    }
    if (pref.startsWith('max-affected=')) {
      const n = pref.slice('max-affected='.length);
      if (out.maxAffected === null && /^-?\d{1,18}$/.test(n)) out.maxAffected = Number(n);
      continue;
    }
    if (pref.startsWith('timezone=') && timezones.has(pref.slice('timezone='.length))) {
      out.timezone ??= pref.slice('timezone='.length);
      continue;
    }
    out.invalid.push(pref);
  }
  return out;
}

/** PGRST122 when `handling=strict` meets preferences PostgREST does not know. */
export function checkStrict(prefer: Prefer): void {
  if (prefer.handling === 'strict' && prefer.invalid.length)
    throw pgrstError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefer.invalid.join(', ')}`,
    );
}

/** The `Preference-Applied` header: the preferences that were honoured, in PostgREST's order. */
export function preferenceApplied(prefer: Prefer, keys: Array<keyof Prefer>): Record<string, string> {
  const order: Array<keyof Prefer> = ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'timezone'];
  const values = order.filter((k) => keys.includes(k) && prefer[k] !== null).map((k) => `${k}=${String(prefer[k])}`);
  if (keys.includes('maxAffected') && prefer.handling === 'strict' && prefer.maxAffected !== null)
    values.push(`max-affected=${prefer.maxAffected}`);
  return values.length ? { 'preference-applied': values.join(', ') } : {};
}

export type MediaKind = 'json' | 'object' | 'csv';

export interface MediaType {
  kind: MediaKind;
  stripNulls: boolean;
  /** The Content-Type of the reply. */
  contentType: string;
}

interface Accepted {
  type: string;
  params: Map<string, string>;
  q: number;
  index: number;
  text: string;
}

function acceptList(header: string): Accepted[] {
  return header
    .split(',')
    .map((entry, index) => {
      const [type, ...rest] = entry.split(';').map((s) => s.trim());
      const params = new Map(
        rest.map((p) => {
          const eq = p.indexOf('=');
          return [
            p.slice(0, eq).trim().toLowerCase(),
            p
              .slice(eq + 1)
              .trim()
              .replace(/^"|"$/g, ''),
          ] as [string, string];
        }),
      );
      const q = Number(params.get('q') ?? '1');
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 1, index, text: entry.trim() };
    })
    .filter((a) => a.type !== '' && a.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The first accepted media type PostgREST can produce, else 406 PGRST107. */
export function negotiate(req: ApiRequest): MediaType {
  const header = req.header('accept');
  if (!header) return { kind: 'json', stripNulls: false, contentType: JSON_TYPE };
  const list = acceptList(header);
  for (const a of list) {
    const stripped = a.params.get('nulls') === 'stripped';
    if (a.type === 'application/json' || a.type === '*/*')
      return { kind: 'json', stripNulls: false, contentType: JSON_TYPE };
    if (a.type === 'text/csv') return { kind: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    if (a.type === 'application/vnd.pgrst.object+json' || a.type === 'application/vnd.pgrst.object')
      return {
        kind: 'object',
        stripNulls: stripped,
        contentType: `application/vnd.pgrst.object+json${stripped ? ';nulls=stripped' : ''}; charset=utf-8`,
      };
    if (a.type === 'application/vnd.pgrst.array+json' || a.type === 'application/vnd.pgrst.array')
      return stripped
        ? {
            kind: 'json',
            stripNulls: true,
            contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
          }
        : { kind: 'json', stripNulls: false, contentType: JSON_TYPE };
  }
  const names = list.map((a) => (a.type === 'application/vnd.pgrst.array+json' ? 'application/json' : a.type));
  throw pgrstError(406, 'PGRST107', `None of these media types are available: ${names.join(', ')}`);
}

/** The `Range` header of a GET as a range (PostgREST ignores it on other methods). */
export function headerRange(req: ApiRequest): Range | 'empty' | null {
  const range = req.header('range');
  if (req.method !== 'GET' || !range) return null;
  const m = /^(\d{1,15})-(\d{0,15})$/.exec(range);
  if (!m) return null;
  const offset = Number(m[1]);
  if (m[2] === '') return { offset, limit: null };
  const end = Number(m[2]);
  return end < offset ? 'empty' : { offset, limit: end - offset + 1 };
}

/** The top level's range: the Range header narrowed by `limit`/`offset` (416 when empty). */
export function topRange(req: ApiRequest, params: Range | undefined): Range {
  const header = headerRange(req);
  const fromParams = params ?? { offset: 0, limit: null };
  if (fromParams.limit === 0) return { offset: 0, limit: 0 };
  if (header === 'empty')
    throw pgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  if (!header) return fromParams;
  const lower = Math.max(header.offset, fromParams.offset);
  const ends = [header, fromParams].filter((r) => r.limit !== null).map((r) => r.offset + r.limit! - 1);
  const upper = ends.length ? Math.min(...ends) : null;
  if (upper !== null && upper < lower)
    throw pgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'Limit should be greater than or equal to zero.',
    );
  return { offset: lower, limit: upper === null ? null : upper - lower + 1 };
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

/** The `columns=` parameter: `"a","b"` or `a,b`. */
export function parseColumns(text: string): string[] {
  return text
    .split(',')
    .map((c) => c.trim())
    .map((c) => (c.startsWith('"') && c.endsWith('"') && c.length >= 2 ? c.slice(1, -1).replace(/""/g, '"') : c))
    .filter((c) => c !== '');
}
