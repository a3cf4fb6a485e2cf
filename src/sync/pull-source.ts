/**
 * What a feature tells the pull about one of its tables: what to read, and how a server row
 * becomes a device row (or a tombstone, null, when the row is soft-deleted or gone for this user).
 *
 * - A delta source is read by keyset `(updated_at, tieBreaker)` after the stored cursor; its
 *   `visibility` says how the visibility reconcile treats it (rows hidden by a removal from an
 *   event never arrive as deltas): `scope` is the table whose visible ids are the scopes the user
 *   sees (events), `with-scope` rows live and die with their scope (`scopeColumn`), `by-id` rows
 *   are compared by id with what the user can see.
 * - A snapshot source is a list read whole on a full pull (through a procedure); rows not in it
 *   are gone, unless it is `partial` (it adds rows, e.g. the user's own full profile).
 *
 * Most delta sources are declared with `rowSource`, which derives the select list and the mapper
 * from the device row's columns and checks them against the generated database types.
 */
import type { Tables } from '../db/database.types.ts';
import type { MirrorTable, RowOf } from '../db/mirror.ts';
import type { AppClient, TableName } from './client.ts';
import type { LocalWriter } from './local-writer.ts';

/** A pulled row as the device stores it: its key, and the row (null when gone for this user). */
export interface PulledRow<T extends MirrorTable = MirrorTable> {
  key: string;
  row: RowOf[T] | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds sources of every server row type
export interface DeltaSource<T extends MirrorTable = MirrorTable, S = any, R extends TableName = TableName> {
  table: T;
  remote: R;
  /** The columns read (PostgREST select), which are the ones `S` names. */
  select: string;
  tieBreaker: string;
  /** The column naming the scope (event) a row belongs to: rewritten when a local scope id gets its real one. */
  scopeColumn?: string;
  visibility?: 'scope' | 'with-scope' | 'by-id';
  toRow(row: S, userId: string): PulledRow<T>;
  /** A pulled row of the user's own membership of a scope: visibility changed (reconcile). */
  membership?(row: S, userId: string): { scopeId: string; isActive: boolean } | null;
  /** Fields only the device has (read elsewhere) kept from the stored row under a pulled one. */
  merge?(pulled: RowOf[T], stored: RowOf[T] | null, userId: string): RowOf[T];
  /** Runs after a changed row was stored (keep copies of its fields in other tables current). */
  afterStore?(writer: LocalWriter, row: RowOf[T]): Promise<void>;
}

export interface SnapshotSource<T extends MirrorTable = MirrorTable> {
  table: T;
  read(client: AppClient, userId: string): Promise<RowOf[T][]>;
  /** Adds or replaces its rows without dropping the others. */
  isPartial?: boolean;
}

/** An embedded resource of a select (`profile:profiles(name,avatar)`), typed by its shape. */
export interface Embed<E> {
  select: string;
  /** Never set: carries the embedded row's type. */
  shape?: E;
}

/** An embedded to-one resource `{alias}:{select}` with rows of type `E`. */
export function embed<E>(select: string): Embed<E> {
  return { select };
}

type Embeds = Record<string, Embed<unknown>>;
/** The server row a row source reads: the table's row and its embedded resources (PostgREST may answer an object or a one-element array). */
export type SourceRow<R extends TableName, M extends Embeds = Record<never, never>> = Tables<R> & {
  [K in keyof M]: M[K] extends Embed<infer E> ? E | E[] | null : never;
};

/** How the device row's fields `V` are made from the server row `S`. */
type Converters<T extends MirrorTable, S, V extends keyof RowOf[T]> = { [K in V]: (row: S) => RowOf[T][K] };

/**
 * The device row's fields that are read from the column of the same name but cannot be: the table
 * has no such column, or its type is one the device row does not accept (must be none).
 */
type UnfitColumns<T extends MirrorTable, R extends TableName, V> = {
  [K in Exclude<keyof RowOf[T], 'key' | V>]-?: K extends keyof Tables<R>
    ? Tables<R>[K] extends RowOf[T][K]
      ? never
      : K
    : K;
}[Exclude<keyof RowOf[T], 'key' | V>];

/** The device row's Zod schema (its shape names the fields). */
interface RowSchema<T extends MirrorTable> {
  shape: Record<string, unknown>;
  parse(row: unknown): RowOf[T];
}

export interface RowSourceOptions<
  T extends MirrorTable,
  R extends TableName,
  M extends Embeds,
  V extends keyof RowOf[T],
> {
  table: T;
  remote: R;
  /**
   * The device row: every field but `key` and the converted ones is the column of its name. A
   * field that cannot be (see UnfitColumns) makes this a compile error that names it.
   */
  schema: RowSchema<T> & ([UnfitColumns<T, R, V>] extends [never] ? unknown : { unfitColumns: UnfitColumns<T, R, V> });
  /** Device row fields made from the server row (values the device narrows, jsonb, embeds). */
  convert?: Converters<T, SourceRow<R, M>, V>;
  /** The columns the converters read (default: the columns named like the fields they make). */
  reads?: readonly (keyof Tables<R> & string)[];
  /** Embedded resources read with the row, by alias. */
  embeds?: M;
  /** The device key: a column (default `id`) or a function of the row. */
  key?: (keyof Tables<R> & string) | ((row: SourceRow<R, M>) => string);
  /** The keyset's second column (default: the key column, else `id`). */
  tieBreaker?: keyof Tables<R> & string;
  /** The rows belong to the scope named by this column, and live and die with it. */
  inScope?: keyof Tables<R> & string;
  scopeColumn?: keyof Tables<R> & string;
  visibility?: DeltaSource['visibility'];
  /** The table has no tombstone column (`deleted_at`): a row is never gone by a delta. */
  hasNoTombstones?: true;
  /**
   * A deleted row stays on the device with its `deleted_at` (a field of the schema), for screens
   * that show that something was deleted (the chat's "This message was deleted").
   */
  keepsTombstones?: true;
  membership?: DeltaSource<T, SourceRow<R, M>>['membership'];
  merge?: DeltaSource<T>['merge'];
  afterStore?: DeltaSource<T>['afterStore'];
}

/**
 * A delta source whose device row is the server row's columns of the same names plus the
 * `convert`ed fields: the select list is derived from the row schema, and the types are checked
 * against the database types, so a field the table lacks, or whose server type the device row
 * does not accept, is a compile error that names it (`unfitColumns`) until a converter makes it.
 */
export function rowSource<
  T extends MirrorTable,
  R extends TableName,
  M extends Embeds = Record<never, never>,
  V extends keyof RowOf[T] = never,
>(options: RowSourceOptions<T, R, M, V>): DeltaSource<T, SourceRow<R, M>, R> {
  const { key = 'id', convert = {}, embeds = {} } = options;
  const made = Object.keys(convert);
  const columns = Object.keys(options.schema.shape).filter((field) => field !== 'key' && !made.includes(field));
  const keyOf = typeof key === 'function' ? key : (row: SourceRow<R, M>) => String(row[key]);
  const tieBreaker = options.tieBreaker ?? (typeof key === 'string' ? key : 'id');
  const read = new Set<string>([tieBreaker, ...columns, ...(options.reads ?? made)]);
  if (typeof key === 'string') read.add(key);
  if (!options.hasNoTombstones) read.add('deleted_at');
  const embedded = Object.entries<Embed<unknown>>(embeds).map(([alias, e]) => `${alias}:${e.select}`);
  return {
    table: options.table,
    remote: options.remote,
    select: [...read, ...embedded].join(','),
    tieBreaker,
    scopeColumn: options.inScope ?? options.scopeColumn,
    visibility: options.inScope ? 'with-scope' : options.visibility,
    membership: options.membership,
    merge: options.merge,
    afterStore: options.afterStore,
    toRow(server) {
      const rowKey = keyOf(server);
      const gone = !options.hasNoTombstones && !options.keepsTombstones && Reflect.get(server, 'deleted_at');
      if (gone) return { key: rowKey, row: null };
      const row: Record<string, unknown> = { key: rowKey };
      for (const column of columns) row[column] = Reflect.get(server, column);
      for (const [field, make] of Object.entries<(row: SourceRow<R, M>) => unknown>(convert)) row[field] = make(server);
      // The types above check every field of the row; the loops cannot say so to the compiler.
      return { key: rowKey, row: row as RowOf[T] };
    },
  };
}

/** The embedded to-one row (PostgREST answers an object, or an array for some relationships). */
export function one<E>(value: E | E[] | null | undefined): E | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
