/**
 * `POST /object/list-v2/{bucket}` (storage-js `listV2`): storage-api's cursor-paginated listing.
 * Keys are matched by a case-sensitive prefix; names are full keys. Without `with_delimiter`
 * every object under the prefix is listed flat; with it, keys one level below the prefix are
 * objects and deeper ones fold into folders (`name` ending in `/`, no id). Sorting is by name
 * (bytewise, as `COLLATE "C"`) or by `created_at` / `updated_at` then name; a folder sorts by
 * name as the keys it stands for, and by the earliest `created_at` of its objects for either
 * timestamp, as storage-api does. A page holds at most `limit` (1000) folders and objects
 * together; `nextCursor` continues after its last entry. Rows are read as the caller (RLS select).
 */
import type { ApiRequest, ApiResponse } from '../app.ts';
import type { CallerContext } from '../db.ts';
import { jsonBody, runAsCaller, type StorageContext } from './context.ts';
import { errors } from './errors.ts';
import { checkBucketName } from './files.ts';

const MAX_KEYS = 1000;
const COLUMNS = ['name', 'created_at', 'updated_at'] as const;
type Column = (typeof COLUMNS)[number];
type Order = 'asc' | 'desc';

interface Row {
  id: string;
  name: string;
  metadata: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_accessed_at: Date | string | null;
}

interface Entry {
  /** What the entry sorts by as a name: the key, or the folder's prefix with its slash. */
  name: string;
  /** Milliseconds of the sort column (null for folders sorted by name). */
  at: number | null;
  row: Row | null;
}

interface Cursor {
  after: string;
  at: number | null;
  column: Column;
  order: Order;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof value.after === 'string' &&
      (value.at === null || Number.isFinite(value.at)) &&
      COLUMNS.includes(value.column as Column) &&
      (value.order === 'asc' || value.order === 'desc')
    ) {
      return value as Cursor;
    }
  } catch {
    // reported below
  }
  throw errors.invalidRequest('body/cursor is not a cursor this listing handed out');
}

function millis(value: Date | string | null): number | null {
  return value === null ? null : new Date(value).getTime();
}

function compare(a: Entry, b: Entry, order: Order): number {
  const sign = order === 'asc' ? 1 : -1;
  if (a.at !== b.at) return ((a.at ?? 0) - (b.at ?? 0)) * sign;
  return Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)) * sign;
}

/** storage.search_v2's `key`: the name's segment at the prefix's depth. */
function keyAt(name: string, levels: number): string {
  return name.split('/')[levels - 1] ?? '';
}

interface Options {
  prefix: string;
  limit: number;
  cursor: Cursor | null;
  delimiter: boolean;
  column: Column;
  order: Order;
}

async function optionsOf(req: ApiRequest): Promise<Options> {
  const body = await jsonBody(req);
  const { prefix = '', limit, cursor, with_delimiter: delimiter = false, sortBy } = body;
  if (typeof prefix !== 'string') throw errors.invalidRequest('body/prefix must be string');
  if (limit !== undefined && !(Number.isInteger(limit) && (limit as number) >= 1)) {
    throw errors.invalidRequest('body/limit must be integer >= 1');
  }
  if (cursor !== undefined && typeof cursor !== 'string') throw errors.invalidRequest('body/cursor must be string');
  if (typeof delimiter !== 'boolean') throw errors.invalidRequest('body/with_delimiter must be boolean');
  let column: Column = 'name';
  let order: Order = 'asc';
  if (sortBy !== undefined) {
    const sort = sortBy as { column?: unknown; order?: unknown } | null;
    if (typeof sort !== 'object' || sort === null || !COLUMNS.includes(sort.column as Column)) {
      throw errors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
    }
    if (sort.order !== undefined && sort.order !== 'asc' && sort.order !== 'desc') {
      throw errors.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
    }
    column = sort.column as Column;
    order = (sort.order as Order | undefined) ?? 'asc';
  }
  const decoded = cursor ? decodeCursor(cursor) : null;
  return {
    prefix,
    limit: Math.min((limit as number | undefined) || MAX_KEYS, MAX_KEYS),
    cursor: decoded,
    delimiter,
    // A cursor keeps the order it was made with, as storage-api's does.
    column: decoded?.column ?? column,
    order: decoded?.order ?? order,
  };
}

function entriesOf(rows: Row[], options: Options): Entry[] {
  const { prefix, delimiter, column } = options;
  const folders = new Map<string, Entry>();
  const entries: Entry[] = [];
  for (const row of rows) {
    const slash = delimiter ? row.name.indexOf('/', prefix.length) : -1;
    if (slash < 0) {
      entries.push({ name: row.name, at: column === 'name' ? null : millis(row[column]), row });
      continue;
    }
    const name = row.name.slice(0, slash + 1);
    const created = millis(row.created_at);
    const folder = folders.get(name);
    if (!folder) folders.set(name, { name, at: column === 'name' ? null : created, row: null });
    else if (column !== 'name' && created !== null && (folder.at === null || created < folder.at)) folder.at = created;
  }
  return [...entries, ...folders.values()];
}

export async function listObjectsV2(
  ctx: StorageContext,
  req: ApiRequest,
  caller: CallerContext,
  bucketId: string,
): Promise<ApiResponse> {
  checkBucketName(bucketId);
  const options = await optionsOf(req);
  const rows = await runAsCaller(
    ctx.app,
    caller,
    async (tx) =>
      (
        await tx.query<Row>(
          `select id, name, metadata, created_at, updated_at, last_accessed_at from storage.objects
           where bucket_id = $1 and left(name, length($2)) = $2`,
          [bucketId, options.prefix],
        )
      ).rows,
  );
  let entries = entriesOf(rows, options).sort((a, b) => compare(a, b, options.order));
  const { cursor } = options;
  if (cursor)
    entries = entries.filter(
      (entry) => compare(entry, { name: cursor.after, at: cursor.at, row: null }, options.order) > 0,
    );
  const page = entries.slice(0, options.limit);
  const hasNext = entries.length > options.limit;
  const levels = options.prefix === '' ? 1 : options.prefix.split('/').length;
  const folders = [];
  const objects = [];
  for (const entry of page) {
    if (!entry.row) {
      const at = entry.at === null ? null : new Date(entry.at).toISOString();
      folders.push({
        key: keyAt(entry.name, levels),
        name: entry.name,
        id: null,
        updated_at: at,
        created_at: at,
        last_accessed_at: null,
        metadata: null,
      });
    } else {
      const { id, name, metadata, updated_at, created_at, last_accessed_at } = entry.row;
      objects.push({
        ...(options.delimiter ? { key: keyAt(name, levels) } : {}),
        id,
        name,
        metadata,
        updated_at,
        created_at,
        last_accessed_at,
      });
    }
  }
  const last = page.at(-1);
  return {
    status: 200,
    body: {
      hasNext,
      folders,
      objects,
      ...(hasNext && last
        ? {
            nextCursor: encodeCursor({ after: last.name, at: last.at, column: options.column, order: options.order }),
            nextCursorKey: last.name,
          }
        : {}),
    },
  };
}
