/**
 * The only way optimistic changes and server answers touch the mirror tables. Before the first
 * optimistic write to a row, the writer saves the row's server state as its shadow and records the
 * row in the entry's `touched` list: that is what makes rollback and rebase possible (restore the
 * shadows, apply the live entries again). `storeServer` writes a server row under that scheme:
 * into the shadow when a live change sits on the row (the caller then rebases), else straight in.
 * Must run inside a read-write transaction over the mirror tables, shadows and outbox.
 */
import type { Table } from 'dexie';
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { MirrorTable, RowOf } from '../db/mirror.ts';
import type { ShadowRow } from '../db/outbox-schema.ts';
import type { DeltaSource, PulledRow } from './pull-source.ts';
import { replaceTempId } from './temp-ids.ts';

function shadowId(table: MirrorTable, key: string): string {
  return `${table}:${key}`;
}

export function splitShadowId(id: string): { table: MirrorTable; key: string } {
  const at = id.indexOf(':');
  return { table: id.slice(0, at) as MirrorTable, key: id.slice(at + 1) };
}

export function tableOf<T extends MirrorTable>(db: CrewCampDb, table: T): Table<RowOf[T], string> {
  return db.table(table) as Table<RowOf[T], string>;
}

/** The row a shadow of `table` keeps (its id names the table: it holds that table's rows). */
export function shadowedRow<T extends MirrorTable>(_table: T, shadow: ShadowRow): RowOf[T] | null {
  return shadow.row as RowOf[T] | null;
}

/** A row as the server last had it: its shadow under a live local change, else as stored. */
export async function serverState<T extends MirrorTable>(db: CrewCampDb, table: T, key: string) {
  const shadow = await db.shadows.get(shadowId(table, key));
  return shadow ? shadowedRow(table, shadow) : ((await tableOf(db, table).get(key)) ?? null);
}

export class LocalWriter {
  /** Shadow ids whose server state changed through `storeServer` and that need a rebase. */
  readonly toRebase = new Set<string>();

  constructor(
    readonly db: CrewCampDb,
    readonly userId: string,
    /** Collects the shadow ids of rows this writer changed optimistically; null for server writes. */
    private readonly touched: Set<string> | null,
    /** The registered pull sources (which tables point at a scope), for `replaceLocalId`. */
    private readonly sources: readonly DeltaSource[] = [],
  ) {}

  /** The server made the scope created with local id `tempId`: use `realId` everywhere (temp-ids.ts). */
  replaceLocalId(tempId: string, realId: string): Promise<void> {
    return replaceTempId(this.db, this.sources, tempId, realId);
  }

  get<T extends MirrorTable>(table: T, key: string): Promise<RowOf[T] | undefined> {
    return tableOf(this.db, table).get(key);
  }

  /** The row as the server last had it (see `serverState`). */
  serverState<T extends MirrorTable>(table: T, key: string): Promise<RowOf[T] | null> {
    return serverState(this.db, table, key);
  }

  private async touch(table: MirrorTable, key: string): Promise<void> {
    if (!this.touched) throw new Error('A server writer cannot make optimistic changes');
    const id = shadowId(table, key);
    if (this.touched.has(id)) return;
    this.touched.add(id);
    if (await this.db.shadows.get(id)) return;
    const current = await tableOf(this.db, table).get(key);
    await this.db.shadows.put({ id, table, rowKey: key, row: current ? { ...current } : null });
  }

  async put<T extends MirrorTable>(table: T, row: RowOf[T]): Promise<void> {
    await this.touch(table, row.key);
    await tableOf(this.db, table).put(row);
  }

  /** Changes some fields of an existing row; answers false when there is no such row. */
  async update<T extends MirrorTable>(table: T, key: string, changes: Partial<RowOf[T]>): Promise<boolean> {
    const current = await tableOf(this.db, table).get(key);
    if (!current) return false;
    await this.touch(table, key);
    await tableOf(this.db, table).put({ ...current, ...changes, key });
    return true;
  }

  async delete(table: MirrorTable, key: string): Promise<void> {
    const current = await tableOf(this.db, table).get(key);
    if (!current) return;
    await this.touch(table, key);
    await tableOf(this.db, table).delete(key);
  }

  /** Deletes the rows of `table` whose indexed `column` is `value` (the rows that live in a removed one). */
  async deleteWhere<T extends MirrorTable>(table: T, column: keyof RowOf[T] & string, value: string): Promise<void> {
    for (const row of await tableOf(this.db, table).where(column).equals(value).toArray())
      await this.delete(table, row.key);
  }

  /** Stores the server's state of a row (null: the server has none). */
  async storeServer<T extends MirrorTable>(table: T, key: string, row: RowOf[T] | null): Promise<void> {
    const id = shadowId(table, key);
    const shadow = await this.db.shadows.get(id);
    if (shadow) {
      if (!sameRow(shadow.row, row)) {
        await this.db.shadows.put({ ...shadow, row: row ? { ...row } : null });
        this.toRebase.add(id);
      }
      return;
    }
    const t = tableOf(this.db, table);
    if (row === null) {
      await t.delete(key);
      return;
    }
    const current = await t.get(key);
    if (!sameRow(current ?? null, row)) await t.put(row);
  }

  /**
   * `storeServer` for many rows of one table at once (a pulled page): the table's shadows are read
   * with one range read and the rows written with one bulkPut / bulkDelete, instead of three
   * awaited requests per row. `isCompared`: the caller already left out the rows the device holds
   * as they are (a row without a shadow changes only through server writes, which never run
   * alongside a pull), so the stored rows need not be read again. When a key comes twice, the last
   * row wins (as in row order).
   */
  async storeServerRows<T extends MirrorTable>(
    table: T,
    rows: readonly PulledRow<T>[],
    isCompared = false,
  ): Promise<void> {
    const last = new Map<string, RowOf[T] | null>();
    for (const { key, row } of rows) last.set(key, row);
    if (last.size === 0) return;
    const shadows = await shadowsOf(this.db, table);
    const shadowPuts: ShadowRow[] = [];
    const plain: string[] = [];
    for (const [key, row] of last) {
      const shadow = shadows.get(key);
      if (!shadow) plain.push(key);
      else if (!sameRow(shadow.row, row)) {
        shadowPuts.push({ ...shadow, row: row ? { ...row } : null });
        this.toRebase.add(shadow.id);
      }
    }
    const t = tableOf(this.db, table);
    const current = isCompared ? null : await t.bulkGet(plain);
    const puts: RowOf[T][] = [];
    const deletes: string[] = [];
    plain.forEach((key, i) => {
      const row = last.get(key) ?? null;
      if (row === null) {
        if (!current || current[i]) deletes.push(key);
      } else if (!current || !sameRow(current[i] ?? null, row)) puts.push(row);
    });
    await Promise.all([
      shadowPuts.length ? this.db.shadows.bulkPut(shadowPuts) : null,
      puts.length ? t.bulkPut(puts) : null,
      deletes.length ? t.bulkDelete(deletes) : null,
    ]);
  }
}

/** The shadows of one table's rows, by row key: one read of their id range (`{table}:…`). */
export async function shadowsOf(db: CrewCampDb, table: MirrorTable): Promise<Map<string, ShadowRow>> {
  const shadows = await db.shadows.where('id').startsWith(`${table}:`).toArray();
  return new Map(shadows.map((shadow) => [shadow.rowKey, shadow]));
}

/** Structural equality of two plain rows (as stored: JSON-like values). */
export function sameRow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameRow((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The rows of a table as the server last had them: shadowed rows from their shadows (the table
 * shows them with local changes, or not at all when a local change removed them), the others as
 * stored. What purges and snapshots compare with the server.
 */
export async function serverView<T extends MirrorTable>(db: CrewCampDb, table: T): Promise<RowOf[T][]> {
  const shadows = (await db.shadows.toArray()).filter((shadow) => shadow.table === table);
  const shadowed = new Set(shadows.map((s) => s.rowKey));
  const rows = (await tableOf(db, table).toArray()).filter((row) => !shadowed.has(row.key));
  for (const shadow of shadows) {
    const row = shadowedRow(table, shadow);
    if (row) rows.push(row);
  }
  return rows;
}
