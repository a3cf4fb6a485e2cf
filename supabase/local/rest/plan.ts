/**
 * Builds the read plan of a request in PostgREST 13's stages: the select tree, then filters,
 * orders, ranges and logic trees on the node their embed path names (PGRST108 otherwise), then
 * each embed's relationship (PGRST200/201) with PostgREST's aliases, `*` expanded where an
 * aggregate or a to-many spread needs explicit columns, related orders (PGRST118), `embed=is.null`
 * filters, how each embed is shown, the aggregates switch (PGRST123), aggregates hoisted out of
 * to-one spreads, to-many spread ordering (PGRST127 for aggregates there) and max-rows.
 */
import { pgrstError } from './errors.ts';
import { findRel } from './find-rel.ts';
import type { Condition } from './parse-filters.ts';
import type { SelectItem } from './parse.ts';
import {
  newNode,
  qualifierOf,
  type Cond,
  type OrderItem,
  type Range,
  type ReadNode,
  type RelSelect,
  type SelectField,
  type SpreadSel,
} from './plan-types.ts';
import type { QueryParams } from './query-params.ts';
import { relIsToOne, type Relationship } from './relationships.ts';
import { qiKey, qualified, quoteIdent, type QI, type SchemaCache } from './schema.ts';

export interface PlanOptions {
  /** `read`: a table or view; `mutate`: the rows a write returns; `call`: a function's rows. */
  action: 'read' | 'mutate' | 'call';
  aggregatesEnabled: boolean;
  maxRows: number | null;
}

export const SOURCE: QI = { schema: '', name: 'pgrst_source' };

function addItems(node: ReadNode, items: SelectItem[], schema: string): void {
  for (const item of items) {
    if (item.kind === 'field') {
      node.select.push({ field: item.field, alias: item.alias, cast: item.cast, agg: item.agg, aggCast: item.aggCast });
      continue;
    }
    const child = newNode({ schema, name: item.name }, item.name, node.depth + 1);
    child.relAlias = item.alias;
    child.relHint = item.hint;
    child.joinType = item.joinType;
    child.spread = item.spread ? { kind: 'toOne' } : null;
    addItems(child, item.items, schema);
    node.children.push(child);
  }
}

/** The node an embed path names, by embed name or alias. */
function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const name of path) {
    const next = node.children.find((c) => c.relName === name || c.relAlias === name);
    if (!next) throw notEmbedded(name);
    node = next;
  }
  return node;
}

function notEmbedded(name: string) {
  return pgrstError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );
}

function joinConds(rel: Relationship, child: QI, parent: QI, schema: string): Array<[string, string]> {
  if (rel.computed) return [];
  const col = (qi: QI, c: string) => `${qualified(qi)}.${quoteIdent(c)}`;
  const { card } = rel;
  if (card.kind === 'm2m') {
    const junction = { schema, name: card.junction.name };
    const target = { schema, name: rel.foreignTable.name };
    return [
      ...card.colsTarget.map(([c, j]): [string, string] => [col(junction, j), col(target, c)]),
      ...card.colsSource.map(([c, j]): [string, string] => [col(junction, j), col(parent, c)]),
    ];
  }
  return card.cols.map(([c, f]): [string, string] => [col(child, f), col(parent, c)]);
}

function addRels(cache: SchemaCache, schema: string, node: ReadNode, parent: ReadNode | null): void {
  if (parent) {
    const origin = node.depth === 1 ? (parent.fromAlias ?? parent.from.name) : parent.from.name;
    const rel = findRel(cache, schema, origin, node.relName, node.relHint);
    node.rel = rel;
    node.from = rel.foreignTable;
    node.aggAlias = `${rel.table.name}_${node.relAlias ?? node.relName}_${node.depth}`;
    if (node.spread && !relIsToOne(rel)) node.spread = { kind: 'toMany', extraSelects: [], order: [] };
    const parentQi = qualifierOf(parent);
    if (rel.computed) {
      node.fromAlias = `${rel.foreignTable.name}_${node.depth}`;
      node.relTableAlias = parent.fromAlias ?? rel.table.name;
    } else if (rel.card.kind === 'm2m') {
      node.joinConds = joinConds(rel, node.from, parentQi, rel.table.schema);
    } else {
      node.fromAlias = `${rel.foreignTable.name}_${node.depth}`;
      node.joinConds = joinConds(rel, { schema: '', name: node.fromAlias }, parentQi, rel.table.schema);
    }
  }
  for (const child of node.children) addRels(cache, schema, child, node);
}

/** Replaces `*` by the table's columns where an aggregate or a to-many spread needs them. */
function expandStars(cache: SchemaCache, schema: string, node: ReadNode, inherited: boolean): void {
  const hasAgg = inherited || node.select.some((s) => s.agg) || node.spread?.kind === 'toMany';
  const table = node.from === SOURCE ? { schema, name: node.fromAlias ?? '' } : node.from;
  const columns = cache.tables.get(qiKey(table))?.columnOrder ?? [];
  const isStar = (s: SelectField) => s.field.name === '*' && s.field.path.length === 0;
  if (hasAgg && node.select.some((s) => isStar(s) && (!s.agg || (node.spread && s.agg === 'count')))) {
    node.select = node.select.flatMap((s): SelectField[] => {
      if (isStar(s) && !s.agg) return columns.map((name) => ({ ...s, field: { name, path: [] } }));
      if (isStar(s) && node.spread && s.agg === 'count') return [{ ...s, fullRow: true }];
      return [s];
    });
  }
  for (const child of node.children) expandStars(cache, schema, child, hasAgg);
}

function addAliases(node: ReadNode): void {
  node.select = node.select.map((s) => {
    if (s.alias !== undefined) return s;
    if (s.agg) return node.spread ? { ...s, alias: s.agg } : s;
    const keys = [...s.field.path].reverse();
    if (keys.length === 0) return s;
    const lastKey = keys.find((k) => !/^-?\d+$/.test(k.key));
    if (!/^-?\d+$/.test(keys[0].key)) return { ...s, alias: keys[0].key };
    return { ...s, alias: lastKey?.key ?? s.field.name };
  });
  node.children.forEach(addAliases);
}

function addRelatedOrders(node: ReadNode): void {
  node.order = node.order.map((o) => {
    if (o.relation === undefined) return o;
    const found = node.children.find((c) => o.relation === (c.relAlias ?? c.relName));
    if (!found) throw notEmbedded(o.relation);
    if (found.rel && relIsToOne(found.rel)) return { ...o, relation: found.aggAlias };
    const name = found.relAlias ?? found.relName;
    throw pgrstError(
      400,
      'PGRST118',
      `A related order on '${name}' is not possible`,
      `'${node.from.name}' and '${name}' do not form a many-to-one or one-to-one relationship`,
    );
  });
  node.children.forEach(addRelatedOrders);
}

function addNullEmbedFilters(node: ReadNode): void {
  const rewrite = (cond: Cond): Cond => {
    if (cond.kind === 'logic') return { ...cond, children: cond.children.map(rewrite) };
    if (cond.kind !== 'filter') return cond;
    const f = cond.filter;
    if (f.field.path.length > 0 || f.op !== 'is' || f.value !== 'null') return cond;
    const child = node.children.find((c) => f.field.name === (c.relAlias ?? c.relName));
    return child ? { kind: 'nullEmbed', negate: f.negate, aggAlias: child.aggAlias } : cond;
  };
  node.where = node.where.map(rewrite);
  node.children.forEach(addNullEmbedFilters);
}

function spreadSels(node: ReadNode): SpreadSel[] {
  return [
    ...node.select.map((s) => ({ name: s.alias ?? s.field.name })),
    ...node.relSelect.flatMap((r) => (r.kind === 'json' ? [{ name: r.selName }] : r.sels)),
  ];
}

function addRelSelects(node: ReadNode): void {
  node.children.forEach(addRelSelects);
  const isEmpty = (n: ReadNode): boolean => n.select.length === 0 && n.children.every(isEmpty);
  node.relSelect = node.children.map((child): RelSelect =>
    child.spread
      ? { kind: 'spread', aggAlias: child.aggAlias, sels: spreadSels(child) }
      : {
          kind: 'json',
          selName: child.relAlias ?? child.relName,
          aggAlias: child.aggAlias,
          toOne: relIsToOne(child.rel!),
          empty: isEmpty(child),
        },
  );
}

function checkAggregates(node: ReadNode, enabled: boolean): void {
  if (!enabled && node.select.some((s) => s.agg))
    throw pgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  for (const child of node.children) checkAggregates(child, enabled);
}

interface Hoisted {
  aggAlias: string;
  name: string;
  sel: SpreadSel;
}

/** Aggregates in a to-one spread apply at the first ancestor that is not a to-one spread. */
function hoist(node: ReadNode): Hoisted[] {
  const fromChildren = node.children.flatMap(hoist);
  const toOneSpread = node.spread?.kind === 'toOne';
  let own: Hoisted[] = [];
  if (toOneSpread && node.depth > 0) {
    node.select = node.select.map((s) => {
      if (!s.agg) return s;
      own.push({
        aggAlias: node.aggAlias,
        name: s.alias ?? s.field.name,
        sel: { name: s.alias ?? s.field.name, agg: s.agg, aggCast: s.aggCast, alias: s.alias },
      });
      return { ...s, agg: undefined, aggCast: undefined };
    });
  }
  if (toOneSpread) {
    own = [...own, ...fromChildren.map((h) => ({ ...h, aggAlias: node.aggAlias }))];
    return own;
  }
  if (node.children.length > 0) {
    node.relSelect = node.relSelect.map((r) => {
      if (r.kind !== 'spread') return r;
      return {
        ...r,
        sels: r.sels.map((s) => {
          const h = fromChildren.find((x) => x.aggAlias === r.aggAlias && x.name === s.name);
          return h ? { ...s, agg: h.sel.agg, aggCast: h.sel.aggCast, alias: h.sel.alias } : s;
        }),
      };
    });
  }
  return [];
}

function addToManyOrderSelects(node: ReadNode): void {
  const spread = node.spread;
  if (spread?.kind === 'toMany') {
    const aggregated =
      node.select.some((s) => s.agg) || node.relSelect.some((r) => r.kind === 'spread' && r.sels.some((s) => s.agg));
    if (aggregated)
      throw pgrstError(
        400,
        'PGRST127',
        'Feature not implemented',
        'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      );
    node.order.forEach((o, i) => {
      const name = o.field.name;
      const alias = `${node.aggAlias}_${name}_${i + 1}`;
      spread.extraSelects.push({ qualifier: o.relation ?? null, field: { field: o.field, alias } });
      spread.order.push({ field: { name: alias, path: [] }, desc: o.desc, nulls: o.nulls });
    });
    node.order = [];
  }
  node.children.forEach(addToManyOrderSelects);
}

function restrictRange(node: ReadNode, maxRows: number): void {
  const r = node.range;
  if (r.limit !== 0) node.range = { offset: r.offset, limit: r.limit === null ? maxRows : Math.min(r.limit, maxRows) };
  node.children.forEach((c) => restrictRange(c, maxRows));
}

/**
 * The plan of reading `qi` (for writes and calls: the rows they return, read from the
 * `pgrst_source` CTE under the name `qi.name`).
 */
export function readPlan(
  cache: SchemaCache,
  qi: QI,
  params: QueryParams,
  options: PlanOptions,
  topRange: Range,
): ReadNode {
  const root = newNode(qi, qi.name, 0);
  addItems(root, params.select, qi.schema);
  for (const { path, filter } of params.filters) {
    if (options.action === 'mutate' && path.length === 0) continue;
    nodeAt(root, path).where.push({ kind: 'filter', filter });
  }
  const orders = [...params.orders].reverse();
  for (const { path, terms } of orders) {
    nodeAt(root, path).order = terms.map((t): OrderItem => ({
      relation: t.embed,
      field: t.field,
      desc: t.desc,
      nulls: t.nulls,
    }));
  }
  if (options.action !== 'mutate') {
    for (const [key, range] of params.ranges) if (key !== '') nodeAt(root, key.split('\u0000')).range = range;
    root.range = topRange;
  }
  for (const { path, logic } of [...params.logic].reverse()) nodeAt(root, path).where.unshift(logicCond(logic));
  if (options.action !== 'read') {
    root.fromAlias = root.from.name;
    root.from = SOURCE;
  }
  addRels(cache, qi.schema, root, null);
  expandStars(cache, qi.schema, root, false);
  addAliases(root);
  addRelatedOrders(root);
  addNullEmbedFilters(root);
  addRelSelects(root);
  checkAggregates(root, options.aggregatesEnabled);
  hoist(root);
  addToManyOrderSelects(root);
  if (options.action !== 'mutate' && options.maxRows !== null) restrictRange(root, options.maxRows);
  return root;
}

function logicCond(logic: Condition): Cond {
  if (logic.kind === 'filter') return { kind: 'filter', filter: logic };
  return { kind: 'logic', op: logic.op, negate: logic.negate, children: logic.children.map(logicCond) };
}
