/**
 * PostgREST's query-string language, parsed into plain data: the `select` tree (columns, aliases,
 * casts, JSON paths, embedded resources with hints, `count`), filters (`col=op.value`, `not.`,
 * quantifiers, `in` lists, quoting), logic trees (`or=(...)`, `and=(...)`, nested), and `order`.
 * Nothing here touches SQL or the schema; malformed input raises PGRST100.
 */
import { parseError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; alias?: string; cast?: string }
  | { kind: 'count'; alias?: string; /** `count` without `()`: a column if the table has one. */ bare: boolean }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      spread: boolean;
      items: SelectItem[];
    };

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
  desc: boolean;
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
const MAX_DEPTH = 16;

class Scanner {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.peek(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string): void {
    if (!this.eat(s)) this.fail(`expecting "${s}"`);
  }
  fail(expecting: string): never {
    const at = this.done ? 'end of input' : `"${this.text[this.pos]}"`;
    throw parseError(this.what, this.text, `unexpected ${at} ${expecting}`);
  }
  /** A quoted ("...") or bare name; bare names stop at punctuation and at `->`. */
  name(): string {
    if (this.eat('"')) return this.quoted();
    const start = this.pos;
    while (!this.done) {
      const ch = this.text[this.pos];
      if (ch === '-' && this.text[this.pos + 1] !== '>') {
        this.pos++;
        continue;
      }
      if (!/[\p{L}\p{N}_$ ]/u.test(ch)) break;
      this.pos++;
    }
    const name = this.text.slice(start, this.pos).trim();
    if (!name) this.fail('expecting a name');
    return name;
  }
  quoted(): string {
    let out = '';
    while (!this.done) {
      const ch = this.text[this.pos++];
      if (ch === '\\' && !this.done) out += this.text[this.pos++];
      else if (ch === '"') return out;
      else out += ch;
    }
    this.fail('expecting a closing quote');
  }
  jsonPath(): JsonStep[] {
    const path: JsonStep[] = [];
    while (this.peek('->')) {
      const arrow = this.eat('->>') ? '->>' : (this.eat('->'), '->');
      const key = /^-?\d+/.exec(this.text.slice(this.pos));
      if (key && !this.eat('"')) {
        this.pos += key[0].length;
        path.push({ arrow, key: key[0] });
      } else {
        path.push({ arrow, key: this.text[this.pos - 1] === '"' ? this.quoted() : this.name() });
      }
    }
    return path;
  }
}

export function parseSelect(text: string): SelectItem[] {
  const s = new Scanner(text, 'select parameter');
  if (text.trim() === '') return [{ kind: 'star' }];
  const items = selectItems(s, 0);
  if (!s.done) s.fail('expecting "," or end of input');
  return items;
}

function selectItems(s: Scanner, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) s.fail('(embedding nested too deeply)');
  const items: SelectItem[] = [];
  do {
    items.push(selectItem(s, depth));
  } while (s.eat(','));
  return items;
}

function selectItem(s: Scanner, depth: number): SelectItem {
  if (s.eat('*')) return { kind: 'star' };
  const spread = s.eat('...');
  let alias: string | undefined;
  let name = s.name();
  if (!spread && s.peek(':') && !s.peek('::')) {
    s.eat(':');
    alias = name;
    name = s.name();
  }
  if (name === 'count' && s.eat('()')) return { kind: 'count', alias, bare: false };
  if (s.peek('!') || s.peek('(')) {
    let hint: string | undefined;
    let inner = false;
    while (s.eat('!')) {
      const h = s.name();
      if (h === 'inner') inner = true;
      else if (h !== 'left') hint = h;
    }
    s.expect('(');
    const items = s.peek(')') ? [] : selectItems(s, depth + 1);
    s.expect(')');
    return { kind: 'embed', name, alias, hint, inner, spread, items };
  }
  if (spread) s.fail('expecting "(" after a spread embed');
  const path = s.jsonPath();
  let cast: string | undefined;
  if (s.eat('::')) {
    const m = /^[A-Za-z_][A-Za-z0-9_ ]*/.exec(s.text.slice(s.pos));
    if (!m) s.fail('expecting a type name');
    cast = m[0].trim();
    s.pos += m[0].length;
  }
  if (name === 'count' && path.length === 0 && !cast) return { kind: 'count', alias, bare: true };
  return { kind: 'column', field: { name, path }, alias, cast };
}

/** A filter key's embed path and field: `author.books.title` -> (['author','books'], title). */
export function splitKey(key: string): { path: string[]; field: string } {
  const arrow = key.indexOf('->');
  const head = arrow >= 0 ? key.slice(0, arrow) : key;
  const tail = arrow >= 0 ? key.slice(arrow) : '';
  const parts = head.split('.');
  const field = parts.pop()! + tail;
  return { path: parts, field };
}

export function parseField(text: string, what = 'filter'): FieldRef {
  const s = new Scanner(text, what);
  const name = s.name();
  const path = s.jsonPath();
  if (!s.done) s.fail('expecting an operator');
  return { name, path };
}

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
  } else if (filter.quant) {
    if (!raw.startsWith('{') || !raw.endsWith('}')) throw parseError('filter', text, 'expecting a list like {a,b,c}');
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
      desc: false,
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
