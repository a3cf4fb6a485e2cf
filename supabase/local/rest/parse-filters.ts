/**
 * PostgREST's filter language, parsed into plain data: filters (`col=op.value`, `not.`,
 * quantifiers, `in` lists, quoting), logic trees (`or=(...)`, `and=(...)`, nested), `order` and
 * counts. Nothing here touches SQL or the schema; malformed input raises PGRST100.
 */
import { parseError } from './errors.ts';
import { parseField, type FieldRef } from './parse.ts';

const MAX_DEPTH = 16;

export interface Filter {
  kind: 'filter';
  field: FieldRef;
  negate: boolean;
  op: string;
  quant?: 'any' | 'all';
  config?: string;
  /** One value, a list (`in`, quantifiers), or the `is` keyword. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface OrderTerm {
  field: FieldRef;
  /** `embed(col)` orders by a column of a to-one embedded resource. */
  embed?: string;
  /** Only when the request says so (PostgREST then writes ASC or DESC). */
  desc?: boolean;
  nulls?: 'first' | 'last';
}

export const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);
const QUANTIFIABLE = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);

/** `op.value`, `not.op.value`, `op(any).{a,b}`, `fts(english).value`. */
export function parseFilter(field: FieldRef, text: string, inLogic = false): Filter {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  if (!m || !OPERATORS.has(m[1])) {
    throw parseError(
      'filter',
      text,
      'unexpected operator, expecting one of eq, neq, gt, gte, lt, lte, like, ilike, match, imatch, is, isdistinct, in, cs, cd, ov, sl, sr, nxr, nxl, adj, fts, plfts, phfts, wfts',
    );
  }
  const [, op, modifier, raw] = m;
  const filter: Filter = { kind: 'filter', field, negate, op, value: raw };
  if (modifier !== undefined) {
    if (FTS.has(op) && /^[\w-]+$/.test(modifier)) filter.config = modifier;
    else if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) filter.quant = modifier;
    else throw parseError('filter', text, `unexpected modifier "${modifier}"`);
  }
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError('filter', text, 'expecting a list like (a,b,c)');
    filter.value = splitList(raw.slice(1, -1), text);
  } else if (op === 'is') {
    const v = raw.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(v)) {
      throw parseError('filter', text, 'unexpected value, expecting null, not_null, true, false or unknown');
    }
    filter.value = v;
  } else if (inLogic && raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) {
    filter.value = unquote(raw.slice(1, -1));
  }
  if (op === 'like' || op === 'ilike') {
    filter.value = Array.isArray(filter.value) ? filter.value.map(star) : star(filter.value);
  }
  return filter;
}

const star = (v: string) => v.replace(/\*/g, '%');

function unquote(v: string): string {
  return v.replace(/\\(.)/g, '$1');
}

/** Comma-separated values, `"quoted, with commas"` and backslash escapes honoured. */
function splitList(text: string, whole: string): string[] {
  if (text === '') return [];
  const out: string[] = [];
  let i = 0;
  while (i <= text.length) {
    if (text[i] === '"') {
      let value = '';
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        value += text[i++];
      }
      if (text[i] !== '"') throw parseError('filter', whole, 'expecting a closing quote');
      i++;
      out.push(value);
      if (i < text.length && text[i] !== ',') throw parseError('filter', whole, 'expecting "," after a quoted value');
      i++;
    } else {
      const end = text.indexOf(',', i);
      const stop = end < 0 ? text.length : end;
      out.push(text.slice(i, stop));
      i = stop + 1;
    }
  }
  return out;
}

/** Splits `a,b(c,d),"e,f"` at top-level commas. */
function splitTopLevel(text: string, whole: string, what: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') {
      depth--;
      if (depth < 0) throw parseError(what, whole, 'unexpected ")"');
    } else if (ch === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) throw parseError(what, whole, 'expecting ")"');
  out.push(text.slice(start));
  return out;
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` as the value of an `or`/`and` key. */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string, depth = 0): Logic {
  if (depth > MAX_DEPTH) throw parseError('logic tree', text, 'nested too deeply');
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError('logic tree', text, 'expecting "("');
  const parts = splitTopLevel(text.slice(1, -1), text, 'logic tree');
  const children: Condition[] = parts.map((part) => {
    let rest = part;
    let not = false;
    if (rest.startsWith('not.')) {
      not = true;
      rest = rest.slice(4);
    }
    const nested = /^(and|or)(\(.*\))$/s.exec(rest);
    if (nested) return parseLogic(nested[1] as 'and' | 'or', not, nested[2], depth + 1);
    const dot = rest.indexOf('.');
    if (dot <= 0) throw parseError('logic tree', text, `unexpected "${part}" expecting a filter`);
    const field = parseField(rest.slice(0, dot), 'logic tree');
    const filter = parseFilter(field, rest.slice(dot + 1), true);
    if (not) filter.negate = !filter.negate;
    return filter;
  });
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text, text, 'order').map((term) => {
    const m = /^(?:([^().]+)\(([^()]+)\)|([^.]+))((?:\.[a-z]+)*)$/.exec(term);
    if (!m) throw parseError('order', text, `unexpected "${term}"`);
    const modifiers = m[4] ? m[4].slice(1).split('.') : [];
    const order: OrderTerm = {
      field: parseField(m[2] ?? m[3], 'order'),
      embed: m[1] !== undefined ? m[1].trim() : undefined,
    };
    for (const mod of modifiers) {
      if (mod === 'asc') order.desc = false;
      else if (mod === 'desc') order.desc = true;
      else if (mod === 'nullsfirst') order.nulls = 'first';
      else if (mod === 'nullslast') order.nulls = 'last';
      else throw parseError('order', text, `unexpected "${mod}" expecting asc, desc, nullsfirst or nullslast`);
    }
    return order;
  });
}

export function parseCount(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(what, text, 'expecting a non-negative integer');
  return Number(text);
}
