/**
 * GET and HEAD on a table or view: the read plan (select tree, filters, order, ranges and
 * embeds), `Prefer: count=exact|planned|estimated` (planned from PostgreSQL's EXPLAIN estimate,
 * estimated exact up to max-rows), the Range header, and the negotiated media type, as one
 * statement in a read-only transaction.
 */
import type { ApiRequest } from '../app.ts';
import type { RequestContext } from './context.ts';
import { readPlan } from './plan.ts';
import { parseQueryParams } from './query-params.ts';
import { checkStrict, negotiate, parsePrefer, preferenceApplied, topRange } from './request.ts';
import { checkSingular, rowsReply, totalOf } from './respond.ts';
import type { Plan } from './run.ts';
import { countSql, Params, type Ctx } from './sql.ts';
import { readStatement } from './statement.ts';
import type { Table } from './schema.ts';

export function planRead(req: ApiRequest, rc: RequestContext, table: Table): Plan {
  const { cache } = rc;
  const media = negotiate(req);
  const prefer = parsePrefer(req, cache.timezones);
  const params = parseQueryParams(req.url.searchParams, false);
  const range = topRange(req, params.ranges.get(''));
  const maxRows = cache.api.maxRows;
  const root = readPlan(
    cache,
    table,
    params,
    { action: 'read', aggregatesEnabled: rc.aggregatesEnabled, maxRows },
    range,
  );
  checkStrict(prefer);
  const head = req.method === 'HEAD';
  const ctx: Ctx = { cache, params: new Params() };
  const exact = prefer.count === 'exact' || prefer.count === 'estimated';
  const countLimit = prefer.count === 'estimated' && maxRows !== null ? maxRows + 1 : null;
  const sql = readStatement(ctx, root, exact, countLimit, {
    handler: head ? 'none' : media.kind === 'object' ? 'single' : media.kind,
    stripNulls: media.stripNulls,
  });
  let estimate: Plan['estimate'];
  if (prefer.count === 'planned' || prefer.count === 'estimated') {
    const countCtx: Ctx = { cache, params: new Params() };
    estimate = { sql: countSql(countCtx, root), params: countCtx.params.values, mode: prefer.count, maxRows };
  }
  const prefs = preferenceApplied(prefer, ['count', 'tx', 'handling', 'timezone']);
  return {
    sql,
    params: ctx.params.values,
    readOnly: true,
    write: false,
    rollback: prefer.tx === 'rollback',
    settings: rc.settings(prefer),
    estimate,
    check: (row) => checkSingular(media, row),
    reply: (row) => rowsReply(row, { media, profile: rc.profile, head }, root.range.offset, totalOf(row), prefs),
  };
}
