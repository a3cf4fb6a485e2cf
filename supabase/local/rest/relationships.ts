/**
 * Resource embedding's relationships, built as PostgREST 13 builds them: every foreign key is a
 * many-to-one (one-to-one when its columns are also a primary or unique key) plus its inverse,
 * the same keys seen through views, many-to-many through a junction whose primary key holds two
 * foreign keys, and computed relationships (a function taking a row of one table and returning
 * rows of another), which replace a detected relationship of the same name. `findRel` chooses
 * one the way PostgREST does, with its errors PGRST200 and PGRST201 word for word.
 */
import type { Catalog } from './catalog.ts';
import { relKey, sameQi, qiKey, type QI, type Table } from './schema.ts';
import type { ViewKeyDependency } from './view-keys.ts';

type Cols = Array<[string, string]>;

export type Cardinality =
  | { kind: 'o2m' | 'm2o'; cons: string; cols: Cols }
  | { kind: 'o2o'; cons: string; cols: Cols; isParent: boolean }
  | { kind: 'm2m'; junction: QI; cons1: string; cons2: string; colsSource: Cols; colsTarget: Cols };

export type Relationship =
  | {
      computed: false;
      table: QI;
      foreignTable: QI;
      isSelf: boolean;
      card: Cardinality;
      tableIsView: boolean;
      fTableIsView: boolean;
    }
  | { computed: true; fn: QI; table: QI; foreignTable: QI; toOne: boolean; isSelf: boolean };

type FkRel = Extract<Relationship, { computed: false }>;

export const relIsToOne = (rel: Relationship): boolean =>
  rel.computed ? rel.toOne : rel.card.kind === 'm2o' || rel.card.kind === 'o2o';

const swap = (cols: Cols): Cols => cols.map(([a, b]) => [b, a]);

/** Every way of picking one view column for each key column. */
function expand(cols: Array<[string, string[]]>): Cols[] {
  return cols.reduce<Cols[]>(
    (acc, [tableCol, viewCols]) => acc.flatMap((prefix) => viewCols.map((v) => [...prefix, [tableCol, v]] as Cols)),
    [[]],
  );
}

function viewRels(deps: ViewKeyDependency[], rel: FkRel): FkRel[] {
  const card = rel.card;
  if (card.kind !== 'm2o' && !(card.kind === 'o2o' && !card.isParent)) return [];
  const build = (cols: Cols): Cardinality =>
    card.kind === 'm2o'
      ? { kind: 'm2o', cons: card.cons, cols }
      : { kind: 'o2o', cons: card.cons, cols, isParent: false };
  const fromViews = deps.filter((d) => sameQi(d.table, rel.table) && d.constraint === card.cons && d.type === 'f');
  const toViews = deps.filter(
    (d) => sameQi(d.table, rel.foreignTable) && d.constraint === card.cons && d.type === 'f_ref',
  );
  const out: FkRel[] = [];
  const base = { computed: false as const, isSelf: false };
  for (const v of fromViews)
    for (const vc of expand(v.cols)) {
      const cols: Cols = vc.map(([, viewCol], i) => [viewCol, card.cols[i][1]]);
      out.push({
        ...base,
        table: v.view,
        foreignTable: rel.foreignTable,
        card: build(cols),
        tableIsView: true,
        fTableIsView: false,
      });
    }
  for (const v of toViews)
    for (const vc of expand(v.cols)) {
      const cols: Cols = card.cols.map(([tableCol], i) => [tableCol, vc[i][1]]);
      out.push({
        ...base,
        table: rel.table,
        foreignTable: v.view,
        card: build(cols),
        tableIsView: false,
        fTableIsView: true,
      });
    }
  for (const v1 of fromViews)
    for (const c1 of expand(v1.cols))
      for (const v2 of toViews)
        for (const c2 of expand(v2.cols)) {
          const cols: Cols = c1.map(([, a], i) => [a, c2[i][1]]);
          out.push({
            computed: false,
            table: v1.view,
            foreignTable: v2.view,
            isSelf: sameQi(v1.view, v2.view),
            card: build(cols),
            tableIsView: true,
            fTableIsView: true,
          });
        }
  return out;
}

function m2mRels(tables: Map<string, Table>, rels: FkRel[]): FkRel[] {
  const out: FkRel[] = [];
  for (const a of rels) {
    if (a.card.kind !== 'm2o') continue;
    const pk = new Set(tables.get(qiKey(a.table))?.pkCols ?? []);
    for (const b of rels) {
      if (b.card.kind !== 'm2o' || !sameQi(a.table, b.table) || a.card.cons === b.card.cons) continue;
      const junctionCols = [...a.card.cols.map(([c]) => c), ...b.card.cols.map(([c]) => c)];
      if (!junctionCols.every((c) => pk.has(c))) continue;
      out.push({
        computed: false,
        table: a.foreignTable,
        foreignTable: b.foreignTable,
        isSelf: sameQi(a.foreignTable, b.foreignTable),
        card: {
          kind: 'm2m',
          junction: a.table,
          cons1: a.card.cons,
          cons2: b.card.cons,
          colsSource: swap(a.card.cols),
          colsTarget: swap(b.card.cols),
        },
        tableIsView: a.fTableIsView,
        fTableIsView: b.fTableIsView,
      });
    }
  }
  return out;
}

function inverse(rel: FkRel): FkRel | null {
  const { card } = rel;
  const flipped = {
    computed: false as const,
    table: rel.foreignTable,
    foreignTable: rel.table,
    isSelf: rel.isSelf,
    tableIsView: rel.fTableIsView,
    fTableIsView: rel.tableIsView,
  };
  if (card.kind === 'm2o') return { ...flipped, card: { kind: 'o2m', cons: card.cons, cols: swap(card.cols) } };
  if (card.kind === 'o2o')
    return { ...flipped, card: { kind: 'o2o', cons: card.cons, cols: swap(card.cols), isParent: !card.isParent } };
  return null;
}

// PostgREST keeps each list sorted by Haskell's derived ordering; error details follow it.
const cmp = (a: string | boolean | number, b: string | boolean | number) => (a < b ? -1 : a > b ? 1 : 0);
const cmpQi = (a: QI, b: QI) => cmp(a.schema, b.schema) || cmp(a.name, b.name);
function cmpCols(a: Cols, b: Cols): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = cmp(a[i][0], b[i][0]) || cmp(a[i][1], b[i][1]);
    if (c) return c;
  }
  return a.length - b.length;
}
const ORDER = { o2m: 0, m2o: 1, o2o: 2, m2m: 3 };
function cmpCard(a: Cardinality, b: Cardinality): number {
  if (a.kind !== b.kind) return ORDER[a.kind] - ORDER[b.kind];
  if (a.kind === 'm2m' && b.kind === 'm2m')
    return (
      cmpQi(a.junction, b.junction) ||
      cmp(a.cons1, b.cons1) ||
      cmp(a.cons2, b.cons2) ||
      cmpCols(a.colsSource, b.colsSource) ||
      cmpCols(a.colsTarget, b.colsTarget)
    );
  if (a.kind === 'm2m' || b.kind === 'm2m') return 0;
  const parent = (c: Cardinality) => (c.kind === 'o2o' ? c.isParent : false);
  return cmp(a.cons, b.cons) || cmpCols(a.cols, b.cols) || cmp(parent(a), parent(b));
}
function cmpRel(a: Relationship, b: Relationship): number {
  if (a.computed !== b.computed) return a.computed ? 1 : -1;
  if (a.computed && b.computed)
    return cmpQi(a.fn, b.fn) || cmpQi(a.table, b.table) || cmpQi(a.foreignTable, b.foreignTable);
  const x = a as FkRel;
  const y = b as FkRel;
  return (
    cmpQi(x.table, y.table) ||
    cmpQi(x.foreignTable, y.foreignTable) ||
    cmp(x.isSelf, y.isSelf) ||
    cmpCard(x.card, y.card) ||
    cmp(x.tableIsView, y.tableIsView) ||
    cmp(x.fTableIsView, y.fTableIsView)
  );
}

export function buildRelationships(catalog: Catalog, schemas: string[]): Map<string, Relationship[]> {
  const uniques = new Map<string, Set<string>>();
  for (const c of catalog.constraints) {
    if (c.type === 'f') continue;
    const set = uniques.get(c.tableOid) ?? new Set<string>();
    set.add([...c.keys].sort((x, y) => x - y).join(','));
    uniques.set(c.tableOid, set);
  }
  const base: FkRel[] = [];
  for (const c of catalog.constraints) {
    if (c.type !== 'f' || !c.foreignTable) continue;
    const cols: Cols = c.cols.map((col, i) => [col, c.foreignCols[i]]);
    const oneToOne = uniques.get(c.tableOid)?.has([...c.keys].sort((x, y) => x - y).join(',')) ?? false;
    base.push({
      computed: false,
      table: c.table,
      foreignTable: c.foreignTable,
      isSelf: c.tableOid === c.foreignOid,
      card: oneToOne ? { kind: 'o2o', cons: c.name, cols, isParent: false } : { kind: 'm2o', cons: c.name, cols },
      tableIsView: false,
      fTableIsView: false,
    });
  }
  const withViews = [...base, ...base.flatMap((rel) => viewRels(catalog.viewKeys, rel))];
  const withM2m = [...withViews, ...m2mRels(catalog.tables, withViews)];
  const all = [...withM2m, ...withM2m.map(inverse).filter((r): r is FkRel => r !== null)];

  // Keyed by the two ends; a computed relationship replaces what is detected under its name.
  const byEnds = new Map<string, Relationship[]>();
  for (const rel of all) {
    const key = `${qiKey(rel.table)}\u0003${qiKey(rel.foreignTable)}`;
    byEnds.set(key, [...(byEnds.get(key) ?? []), rel]);
  }
  for (const c of catalog.computedRels) {
    const rel: Relationship = { computed: true, ...c, isSelf: sameQi(c.table, c.foreignTable) };
    byEnds.set(`${qiKey(c.table)}\u0003${qiKey(c.fn)}`, [rel]);
  }
  const map = new Map<string, Relationship[]>();
  for (const rels of byEnds.values()) {
    for (const rel of rels) {
      const otherSchema = rel.computed ? rel.fn.schema : rel.foreignTable.schema;
      const internalJunction = !rel.computed && rel.card.kind === 'm2m' && !schemas.includes(rel.card.junction.schema);
      if (!schemas.includes(rel.table.schema) || !schemas.includes(rel.foreignTable.schema) || internalJunction)
        continue;
      const key = relKey(rel.table, otherSchema);
      map.set(key, [...(map.get(key) ?? []), rel]);
    }
  }
  for (const list of map.values()) list.sort(cmpRel);
  return map;
}
