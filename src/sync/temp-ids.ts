/**
 * Local ids of scopes made on the device (events: `temp-{timestamp}`, as the spec has it) and
 * their replacement by the real id once the server made the row: in the scope's row, every row
 * that points at it (the sources' `scopeColumn`), the shadows, and the arguments, touched rows and
 * references of every outbox entry, so that later entries are sent with the real id. The `clientRef` argument
 * keeps the local id: it is the creation's idempotency key on the server.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { MirrorTable } from '../db/mirror.ts';
import { parseOutbox } from '../db/validated-read.ts';
import type { DeltaSource } from './pull-source.ts';
import type { Fields } from './server-values.ts';

const TEMP_PREFIX = 'temp-';

export function isTempId(id: string): boolean {
  return id.startsWith(TEMP_PREFIX);
}

/** The `meta` key under which a local id's real id is kept. */
const realIdKey = (tempId: string) => `temp:${tempId}`;

/**
 * The server's id of a scope made on the device under `id`, once the server has it (the reconcile
 * records the pair, `replaceTempId`); `id` itself for a real id or one the server has not made yet.
 */
export async function realIdOf(db: CrewCampDb, id: string): Promise<string> {
  if (!isTempId(id)) return id;
  const value = (await db.meta.get(realIdKey(id)))?.value;
  return typeof value === 'string' ? value : id;
}

/** A `temp-{timestamp}` id not used in `table` yet (bumped by a millisecond on collision). */
export async function newTempId(db: CrewCampDb, table: MirrorTable, now: number): Promise<string> {
  const last = Number((await db.meta.get('lastTempId'))?.value ?? 0);
  let stamp = Math.max(now, last + 1);
  while (await db.table(table).get(`${TEMP_PREFIX}${stamp}`)) stamp++;
  await db.meta.put({ key: 'lastTempId', value: stamp });
  return `${TEMP_PREFIX}${stamp}`;
}

function replaceInString(value: string, tempId: string, realId: string): string {
  if (value === tempId) return realId;
  // composite keys: `{eventId}|{userId}`, shadow ids `members:{eventId}|{userId}`, refs `event:{id}`,
  // file paths `{eventId}/{expenseId}/receipt-….png` (a receipt taken before its event reached the
  // server would otherwise keep the temporary id and be refused by storage for good)
  return value.replace(
    new RegExp(`(^|[:|/])${escapeRegExp(tempId)}(?=$|[|/])`, 'g'),
    (_m, pre: string) => `${pre}${realId}`,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A deep copy of `value` with the temp id replaced; `clientRef` fields are kept. */
function replaceDeep<T>(value: T, tempId: string, realId: string): T {
  if (typeof value === 'string') return replaceInString(value, tempId, realId) as T;
  if (Array.isArray(value)) return value.map((v) => replaceDeep(v, tempId, realId)) as T;
  if (value && typeof value === 'object' && !(value instanceof Uint8Array) && !(value instanceof ArrayBuffer)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = k === 'clientRef' || k === 'client_ref' ? v : replaceDeep(v, tempId, realId);
    return out as T;
  }
  return value;
}

/**
 * Replaces `tempId` by `realId` everywhere on the device: the rows of every table whose scope
 * column names it (the scope's own row, and the rows that live in it, keys included), the shadows
 * and the outbox. Runs in a read-write transaction.
 */
export async function replaceTempId(
  db: CrewCampDb,
  sources: readonly DeltaSource[],
  tempId: string,
  realId: string,
): Promise<void> {
  if (tempId === realId) return;
  // Remembered for changes made with the old id after this (a screen still showing it, another tab).
  await db.meta.put({ key: realIdKey(tempId), value: realId });
  for (const source of sources) {
    const column = source.scopeColumn;
    if (!column) continue;
    const table = db.table(source.table);
    // An index of its own or the first part of a compound one (Dexie's virtual index).
    const isIndexed = table.core.schema.getIndexByKeyPath(column) !== undefined;
    const rows: Fields[] = isIndexed
      ? await table.where(column).equals(tempId).toArray()
      : [await table.get(tempId)].filter((row: Fields | undefined): row is Fields => row?.[column] === tempId);
    for (const row of rows) {
      const key = String(row.key);
      const next = { ...row, [column]: realId, key: replaceInString(key, tempId, realId) };
      if (next.key !== key) await table.delete(key);
      await table.put(next);
    }
  }

  for (const shadow of await db.shadows.toArray()) {
    const id = replaceInString(shadow.id, tempId, realId);
    const text = JSON.stringify(shadow.row);
    if (id === shadow.id && !text.includes(tempId)) continue;
    await db.shadows.delete(shadow.id);
    await db.shadows.put({
      id,
      table: shadow.table,
      rowKey: replaceInString(shadow.rowKey, tempId, realId),
      row: replaceDeep(shadow.row, tempId, realId),
    });
  }

  // Only the entries that name the local id are parsed and rewritten (a long queue: most do not).
  const naming = (await db.outbox.toArray()).filter((row) =>
    JSON.stringify([row.args, row.touched, row.refs, row.creates]).includes(tempId),
  );
  for (const entry of parseOutbox(naming)) {
    await db.outbox.put({
      ...entry,
      args: replaceDeep(entry.args, tempId, realId),
      touched: entry.touched.map((id) => replaceInString(id, tempId, realId)),
      refs: entry.refs.map((ref) => replaceInString(ref, tempId, realId)),
      creates: entry.creates.map((ref) => replaceInString(ref, tempId, realId)),
    });
  }
}

function tempIdsIn(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string' && value.startsWith(TEMP_PREFIX)) found.add(value.split(/[|.]/)[0]);
  else if (Array.isArray(value)) for (const v of value) tempIdsIn(v, found);
  else if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    for (const [k, v] of Object.entries(value)) if (k !== 'clientRef') tempIdsIn(v, found);
  }
  return found;
}

/** `args` with every temp id that was already replaced swapped for its real id. In a transaction. */
export async function resolveTempIds<T>(db: CrewCampDb, args: T): Promise<T> {
  let resolved = args;
  for (const tempId of tempIdsIn(args, new Set())) {
    const realId = await realIdOf(db, tempId);
    if (realId !== tempId) resolved = replaceDeep(resolved, tempId, realId);
  }
  return resolved;
}
