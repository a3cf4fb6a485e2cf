/**
 * What every planner of one request shares: the schema cache, the schema the request is for
 * (chosen by `Accept-Profile` / `Content-Profile`), the `Content-Profile` reply header, whether
 * aggregates are enabled, and the transaction settings PostgREST sets (search_path, timezone).
 */
import type { Filter, Logic } from './parse-filters.ts';
import { newNode, type Cond } from './plan-types.ts';
import type { Prefer } from './request.ts';
import { quoteIdent, type QI, type SchemaCache } from './schema.ts';
import { condSql, type Ctx } from './sql.ts';

export interface RequestContext {
  cache: SchemaCache;
  schema: string;
  profile: Record<string, string>;
  aggregatesEnabled: boolean;
  settings(prefer: Prefer): Record<string, string>;
}

export function requestContext(
  cache: SchemaCache,
  schema: string,
  negotiated: boolean,
  aggregates: boolean,
): RequestContext {
  return {
    cache,
    schema,
    profile: negotiated ? { 'content-profile': schema } : {},
    aggregatesEnabled: aggregates,
    settings(prefer: Prefer) {
      const searchPath = [schema, ...cache.api.extraSearchPath].map(quoteIdent).join(', ');
      return { search_path: searchPath, ...(prefer.timezone ? { timezone: prefer.timezone } : {}) };
    },
  };
}

type RootCondition = { filter: Filter } | { logic: Logic };

function toCond(c: Filter | Logic): Cond {
  if (c.kind === 'filter') return { kind: 'filter', filter: c };
  return { kind: 'logic', op: c.op, negate: c.negate, children: c.children.map(toCond) };
}

/** ` WHERE ...` of a write: the top-level filters, on the table itself. */
export function conditionsSql(ctx: Ctx, table: QI, conditions: RootCondition[]): string {
  if (conditions.length === 0) return '';
  const node = newNode(table, table.name, 0);
  const parts = conditions.map((c) => condSql(ctx, node, toCond('filter' in c ? c.filter : c.logic)));
  return ` WHERE ${parts.join(' AND ')}`;
}
