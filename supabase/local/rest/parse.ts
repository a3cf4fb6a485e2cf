/**
 * PostgREST's select language, parsed into plain data: the `select` tree (columns, aliases, casts,
 * JSON paths, aggregates, embedded resources with hints and join types, spreads) and the field of
 * a filter key. Nothing here touches SQL or the schema; malformed input raises PGRST100.
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

export type AggregateFunction = 'sum' | 'avg' | 'count' | 'max' | 'min';

export type SelectItem =
  | {
      kind: 'field';
      /** `*` is a field too (with an empty path); `count()` is `*` with the count aggregate. */
      field: FieldRef;
      alias?: string;
      cast?: string;
      agg?: AggregateFunction;
      aggCast?: string;
    }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      joinType?: 'inner' | 'left';
      spread: boolean;
      items: SelectItem[];
    };

const MAX_DEPTH = 16;

export class Scanner {
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
  if (text === '') return [];
  const s = new Scanner(text, 'select parameter');
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

const AGGREGATES = new Set<string>(['sum', 'avg', 'count', 'max', 'min']);

function castName(s: Scanner): string | undefined {
  if (!s.eat('::')) return undefined;
  const m = /^[\p{L}\p{N}_ $]+/u.exec(s.text.slice(s.pos));
  if (!m) s.fail('expecting letter or digit');
  s.pos += m[0].length;
  return m[0];
}

/** At most two `!` parameters: `inner`/`left` set the join, anything else is the hint. */
function embedParams(s: Scanner): { hint?: string; joinType?: 'inner' | 'left' } {
  const out: { hint?: string; joinType?: 'inner' | 'left' } = {};
  for (let i = 0; i < 2 && s.eat('!'); i++) {
    const name = s.name();
    if (name === 'inner' || name === 'left') out.joinType ??= name;
    else out.hint ??= name;
  }
  return out;
}

function selectItem(s: Scanner, depth: number): SelectItem {
  if (s.eat('*')) return { kind: 'field', field: { name: '*', path: [] } };
  if (s.eat('...')) {
    const name = s.name();
    const params = embedParams(s);
    s.expect('(');
    const items = s.peek(')') ? [] : selectItems(s, depth + 1);
    s.expect(')');
    return { kind: 'embed', name, ...params, spread: true, items };
  }
  let alias: string | undefined;
  let name = s.name();
  if (s.peek(':') && !s.peek('::')) {
    s.eat(':');
    alias = name;
    name = s.name();
  }
  if (name === 'count' && s.eat('()')) {
    return { kind: 'field', field: { name: '*', path: [] }, alias, agg: 'count', aggCast: castName(s) };
  }
  // PostgREST never reads `count` as a relationship: `count(...)` is only the aggregate.
  if (name !== 'count' && (s.peek('!') || s.peek('('))) {
    const params = embedParams(s);
    s.expect('(');
    const items = s.peek(')') ? [] : selectItems(s, depth + 1);
    s.expect(')');
    return { kind: 'embed', name, alias, ...params, spread: false, items };
  }
  const path = s.jsonPath();
  const cast = castName(s);
  let agg: AggregateFunction | undefined;
  const m = /^\.([a-z]+)\(\)/.exec(s.text.slice(s.pos));
  if (m && AGGREGATES.has(m[1])) {
    agg = m[1] as AggregateFunction;
    s.pos += m[0].length;
  }
  const aggCast = agg ? castName(s) : undefined;
  return { kind: 'field', field: { name, path }, alias, cast, agg, aggCast };
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
