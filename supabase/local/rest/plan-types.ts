/**
 * The read plan: one node per resource of a request (the table, view or function read, and each
 * embedded resource below it), as PostgREST's ReadPlan tree. Nodes carry their select list,
 * filters, order and range; after planning also the relationship to their parent, the SQL
 * aliases PostgREST would use (`<table>_<depth>` for a table, `<parent>_<embed>_<depth>` for its
 * lateral join) and how the parent shows them (a JSON object, a JSON array, or spread columns).
 */
import type { AggregateFunction, FieldRef } from './parse.ts';
import type { Filter } from './parse-filters.ts';
import type { Relationship } from './relationships.ts';
import type { QI } from './schema.ts';

export interface SelectField {
  field: FieldRef;
  /** `count()` inside a spread counts the embedded row itself. */
  fullRow?: boolean;
  agg?: AggregateFunction;
  aggCast?: string;
  cast?: string;
  alias?: string;
}

export interface OrderItem {
  /** `embed(col)`: a column of a to-one embed (replaced by its join alias when planned). */
  relation?: string;
  field: FieldRef;
  desc?: boolean;
  nulls?: 'first' | 'last';
}

export type Cond =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'nullEmbed'; negate: boolean; aggAlias: string }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Cond[] };

export interface Range {
  offset: number;
  /** null: no limit. */
  limit: number | null;
}

export const ALL_RANGE: Range = { offset: 0, limit: null };

export interface SpreadSel {
  name: string;
  agg?: AggregateFunction;
  aggCast?: string;
  alias?: string;
}

export type RelSelect =
  | { kind: 'json'; selName: string; aggAlias: string; toOne: boolean; empty: boolean }
  | { kind: 'spread'; aggAlias: string; sels: SpreadSel[] };

export interface ToManySpread {
  /** Order columns selected inside the spread (from this node or one of its to-one embeds). */
  extraSelects: Array<{ qualifier: string | null; field: SelectField }>;
  order: OrderItem[];
}

export interface ReadNode {
  /** The relation read; `{schema: '', name: 'pgrst_source'}` for the rows of a write or call. */
  from: QI;
  fromAlias: string | null;
  relName: string;
  relAlias?: string;
  relHint?: string;
  joinType?: 'inner' | 'left';
  /** Set for spread embeds: to-one until the relationship says it is to-many. */
  spread: null | { kind: 'toOne' } | ({ kind: 'toMany' } & ToManySpread);
  rel: Relationship | null;
  /** What a computed relationship's function is called with (the parent's alias). */
  relTableAlias: string | null;
  aggAlias: string;
  /** `[child column SQL, parent column SQL]` pairs. */
  joinConds: Array<[string, string]>;
  depth: number;
  select: SelectField[];
  where: Cond[];
  order: OrderItem[];
  range: Range;
  children: ReadNode[];
  relSelect: RelSelect[];
}

export function newNode(from: QI, relName: string, depth: number): ReadNode {
  return {
    from,
    fromAlias: null,
    relName,
    spread: null,
    rel: null,
    relTableAlias: null,
    aggAlias: '',
    joinConds: [],
    depth,
    select: [],
    where: [],
    order: [],
    range: { ...ALL_RANGE },
    children: [],
    relSelect: [],
  };
}

/** The SQL name the node's columns are qualified with: its alias, else its relation. */
export function qualifierOf(node: ReadNode): QI {
  if (node.rel?.computed) return { schema: '', name: node.fromAlias ?? node.rel.fn.name };
  return node.fromAlias !== null ? { schema: '', name: node.fromAlias } : node.from;
}
