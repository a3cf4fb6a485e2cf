/**
 * Which keys of a table a view carries, so that views embed like their tables do (PostgREST's
 * "view key dependencies"). A view's stored query (`pg_rewrite.ev_action`, a pg_node_tree) says
 * for each output column which table column it is a plain copy of (`resorigtbl`, `resorigcol`,
 * followed through subqueries by PostgreSQL itself). Those origins are followed through views of
 * views; a primary or foreign key whose every column is shown by the view becomes a key of the
 * view, mapped to the view's column names (a column shown twice maps to both names).
 */
import type { Constraint } from './catalog.ts';
import type { QI } from './schema.ts';

export interface ViewDefinition {
  oid: string;
  qi: QI;
  /** In an exposed schema (views of the extra search path only serve as intermediate steps). */
  exposed: boolean;
  definition: string;
  /** attnum -> column name */
  columns: Map<number, string>;
}

export interface ViewKeyDependency {
  table: QI;
  view: QI;
  constraint: string;
  /** `p` primary key, `f` the referencing side of a foreign key, `f_ref` its referenced side. */
  type: 'p' | 'f' | 'f_ref';
  /** In key order: the table's column and the view columns showing it. */
  cols: Array<[string, string[]]>;
}

type NodeValue = NodeObject | NodeValue[] | string | null;
interface NodeObject {
  type: string;
  fields: Map<string, NodeValue>;
}

/** A reader for PostgreSQL's node-tree text format. */
class NodeReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private atom(): string {
    let out = '';
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      if (/\s/.test(ch) || '{}()'.includes(ch)) break;
      if (ch === '\\' && this.pos + 1 < this.text.length) {
        out += this.text[this.pos + 1];
        this.pos += 2;
        continue;
      }
      out += ch;
      this.pos++;
    }
    return out;
  }

  value(): NodeValue {
    this.skipSpace();
    const ch = this.text[this.pos];
    if (ch === '{') return this.node();
    if (ch === '(' || ch === '[') return this.list(ch === '(' ? ')' : ']');
    if (this.text.startsWith('<>', this.pos)) {
      this.pos += 2;
      return null;
    }
    if (ch === '"') {
      let out = '';
      this.pos++;
      while (this.pos < this.text.length && this.text[this.pos] !== '"') {
        if (this.text[this.pos] === '\\') this.pos++;
        out += this.text[this.pos++] ?? '';
      }
      this.pos++;
      return out;
    }
    return this.atom();
  }

  private list(close: string): NodeValue[] {
    this.pos++;
    const items: NodeValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.text.length) return items;
      if (this.text[this.pos] === close) {
        this.pos++;
        return items;
      }
      items.push(this.value());
    }
  }

  private node(): NodeObject {
    this.pos++;
    this.skipSpace();
    const node: NodeObject = { type: this.atom(), fields: new Map() };
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.text.length) return node;
      if (this.text[this.pos] === '}') {
        this.pos++;
        return node;
      }
      if (this.text[this.pos] === ':') {
        this.pos++;
        const key = this.atom();
        this.skipSpace();
        const next = this.text[this.pos];
        node.fields.set(key, next === ':' || next === '}' ? null : this.value());
      } else {
        // Extra tokens of a field (a Const's datum bytes follow its length).
        this.value();
      }
    }
  }
}

/** resno -> [origin relation oid, origin column] of a view's top-level query. */
function columnOrigins(definition: string): Map<number, [string, number]> {
  const origins = new Map<number, [string, number]>();
  let parsed: NodeValue;
  try {
    parsed = new NodeReader(definition).value();
  } catch {
    return origins;
  }
  const query = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!query || typeof query !== 'object' || Array.isArray(query)) return origins;
  const targets = query.fields.get('targetList');
  if (!Array.isArray(targets)) return origins;
  for (const entry of targets) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const resno = Number(entry.fields.get('resno'));
    const table = String(entry.fields.get('resorigtbl') ?? '0');
    const column = Number(entry.fields.get('resorigcol') ?? 0);
    if (table !== '0' && column > 0 && entry.fields.get('resjunk') !== 'true') origins.set(resno, [table, column]);
  }
  return origins;
}

export function viewKeyDependencies(views: ViewDefinition[], constraints: Constraint[]): ViewKeyDependency[] {
  const origins = new Map(views.map((v) => [v.oid, columnOrigins(v.definition)]));
  const keys: Array<{
    c: Constraint;
    type: ViewKeyDependency['type'];
    oid: string;
    attnums: number[];
    cols: string[];
  }> = [];
  for (const c of constraints) {
    if (c.type === 'p') keys.push({ c, type: 'p', oid: c.tableOid, attnums: c.keys, cols: c.cols });
    if (c.type === 'f') {
      keys.push({ c, type: 'f', oid: c.tableOid, attnums: c.keys, cols: c.cols });
      if (c.foreignOid && c.foreignTable)
        keys.push({ c, type: 'f_ref', oid: c.foreignOid, attnums: c.foreignKeys, cols: c.foreignCols });
    }
  }
  const out: ViewKeyDependency[] = [];
  for (const view of views) {
    if (!view.exposed) continue;
    // "oid:attnum" of every relation column a view column copies, through views of views.
    const shownBy = new Map<string, string[]>();
    for (const [resno, origin] of origins.get(view.oid) ?? []) {
      const name = view.columns.get(resno);
      if (name === undefined) continue;
      const seen = new Set<string>();
      let step: [string, number] | undefined = origin;
      while (step && !seen.has(step[0])) {
        seen.add(step[0]);
        const key = `${step[0]}:${step[1]}`;
        shownBy.set(key, [...(shownBy.get(key) ?? []), name]);
        step = origins.get(step[0])?.get(step[1]);
      }
    }
    for (const key of keys) {
      const viewCols = key.attnums.map((n) => shownBy.get(`${key.oid}:${n}`));
      if (viewCols.some((v) => v === undefined)) continue;
      const table = key.type === 'f_ref' ? key.c.foreignTable! : key.c.table;
      out.push({
        table,
        view: view.qi,
        constraint: key.c.name,
        type: key.type,
        cols: key.cols.map((col, i) => [col, viewCols[i]!]),
      });
    }
  }
  return out;
}
