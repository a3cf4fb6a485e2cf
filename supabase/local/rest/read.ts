/**
 * GET and HEAD on a table or view: the `select` tree with its embeds, the filters, order and
 * limits of every level, the `Range` header, `Prefer: count=exact` and the singular media type,
 * planned as one statement.
 */
import type { ApiRequest } from '../app.ts';
import { parseSelect } from './parse.ts';
import { applyParams, parseAccept, parsePrefer, parseRange } from './request.ts';
import { buildLevel, newBuilder, renderTop, type Level } from './query.ts';
import { checkSingular, readReply, type Plan } from './respond.ts';
import type { SchemaCache, Table } from './schema.ts';

/** Hosted projects cap every response at 1000 rows (PostgREST's db-max-rows). */
export const MAX_ROWS = 1000;

/** The top level's offset and limit from the query string, the Range header and max-rows. */
export function applyRange(req: ApiRequest, root: Level): number {
  const range = parseRange(req);
  if (range && root.limit === undefined && root.offset === undefined) {
    root.offset = range.offset;
    root.limit = range.limit;
  }
  root.limit = Math.min(root.limit ?? MAX_ROWS, MAX_ROWS);
  return root.offset ?? 0;
}

export function planRead(req: ApiRequest, cache: SchemaCache, table: Table): Plan {
  const media = parseAccept(req);
  const prefer = parsePrefer(req);
  const b = newBuilder(cache);
  const root = buildLevel(b, table, parseSelect(req.url.searchParams.get('select') ?? '*'));
  applyParams(b, root, req.url.searchParams);
  const offset = applyRange(req, root);
  const sql = renderTop(b, root, {
    withCount: prefer.count,
    singular: media.kind === 'object',
    stripNulls: media.stripNulls,
  });
  return {
    sql,
    params: b.params.values,
    readOnly: true,
    write: false,
    check: (row) => checkSingular(media, row),
    reply: (row) => readReply(row, media, offset, req.method === 'HEAD'),
  };
}
