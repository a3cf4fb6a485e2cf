/**
 * The query string as PostgREST reads it: `select`, `columns` and `on_conflict`; `order`,
 * `limit`, `offset`, `and`, `or` (optionally under an embed path such as `books.order`); every
 * other key is a filter, except that on a function called with GET a value without an operator
 * is one of the function's arguments.
 */
import { parseError } from './errors.ts';
import { parseField, parseSelect, splitKey, type SelectItem } from './parse.ts';
import {
  parseCount,
  parseFilter,
  parseLogic,
  parseOrder,
  type Filter,
  type Logic,
  type OrderTerm,
} from './parse-filters.ts';
import type { Range } from './plan-types.ts';
import { parseColumns } from './request.ts';

export interface QueryParams {
  select: SelectItem[];
  filters: Array<{ path: string[]; filter: Filter }>;
  logic: Array<{ path: string[]; logic: Logic }>;
  orders: Array<{ path: string[]; terms: OrderTerm[] }>;
  /** limit/offset per embed path (`''` is the top level). */
  ranges: Map<string, Range>;
  /** Arguments of a function called with GET (filters without an operator), in query order. */
  rpcArgs: Array<[string, string]>;
  columns: string[] | null;
  onConflict: string[] | null;
}

/** Keys that are never filters (`apikey` is Kong's, which the gateway consumes). */
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

export const pathKey = (path: string[]) => path.join('\u0000');

export function parseQueryParams(params: URLSearchParams, rpcRead: boolean): QueryParams {
  const out: QueryParams = {
    select: parseSelect(params.get('select') ?? '*'),
    filters: [],
    logic: [],
    orders: [],
    ranges: new Map(),
    rpcArgs: [],
    columns: params.has('columns') ? parseColumns(params.get('columns')!) : null,
    onConflict: params.has('on_conflict') ? parseColumns(params.get('on_conflict')!) : null,
  };
  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const parts = key.split('.');
    const last = parts.at(-1)!;
    if (EMBEDDABLE.has(last) && !key.includes('->')) {
      let path = parts.slice(0, -1);
      if (last === 'order') out.orders.push({ path, terms: parseOrder(value) });
      else if (last === 'limit') limits.set(pathKey(path), parseCount(value, 'limit parameter'));
      else if (last === 'offset') offsets.set(pathKey(path), parseCount(value, 'offset parameter'));
      else {
        const negate = path.at(-1) === 'not';
        if (negate) path = path.slice(0, -1);
        out.logic.push({ path, logic: parseLogic(last as 'and' | 'or', negate, value) });
      }
      continue;
    }
    const { path, field } = splitKey(key);
    if (field === '') throw parseError('filter', key, 'expecting a column name');
    const ref = parseField(field);
    if (rpcRead && path.length === 0) {
      let filter: Filter | null;
      try {
        filter = parseFilter(ref, value);
      } catch {
        filter = null;
      }
      if (filter) out.filters.push({ path, filter });
      else out.rpcArgs.push([key, value]);
      continue;
    }
    out.filters.push({ path, filter: parseFilter(ref, value) });
  }
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    out.ranges.set(key, { offset: offsets.get(key) ?? 0, limit: limits.get(key) ?? null });
  }
  return out;
}
