/**
 * A mutation kind is everything the engine needs to know about one kind of user change:
 * its arguments (validated before anything is queued), the optimistic change (`applyLocal`, run
 * in the same transaction that appends to the outbox and again on every rebase, so it must be
 * deterministic and only set state), the one idempotent backend call (`send`), and `reconcile`,
 * which stores what the server answered (and, for creations, swaps local ids for real ones).
 *
 * A kind has two argument types: the raw ones a screen passes (the input of its Zod schema), and
 * the prepared ones that `prepare` completes once, at mutate time (local ids, timestamps) and
 * that are stored in the outbox, applied, sent and reconciled. `defineKind` infers both, so the
 * later steps see the completed fields as present.
 *
 * The engine is generic: features register their kinds, pull sources and snapshots here
 * (`SyncFeature`), and the app declares their kinds' types in `MutationKinds` (declaration merging,
 * src/app/sync-registry.ts), which types `mutate` (src/data/mutate.ts).
 */
import type { z } from 'zod';
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { AppClient, TableName } from './client.ts';
import type { LocalWriter } from './local-writer.ts';
import type { DeltaSource, SnapshotSource } from './pull-source.ts';

export interface SyncContext {
  client: AppClient;
  userId: string;
}

export interface PrepareContext {
  db: CrewCampDb;
  userId: string;
  clientId: string;
  mutationId: string;
  now: number;
}

/**
 * A kind's send as one row write: an insert with the row's id (a replay changes nothing; the row
 * is read back with its pull source's columns, `send`'s answer), or an update of one row by id
 * (no answer; a row the user cannot see or change is a refusal with `missing`).
 */
export type RowWrite =
  | { op: 'insert'; source: DeltaSource; values: Record<string, unknown> }
  | { op: 'update'; table: TableName; id: string; values: Record<string, unknown>; missing: string };

/** What the sync panel's words for a change may look up: the name of an event on the device. */
export interface DescribeContext {
  eventName(id: string): string | undefined;
}

export interface MutationKind<S extends z.ZodType = z.ZodType, P extends z.output<S> = z.output<S>, R = unknown> {
  name: string;
  args: S;
  /** Rules checked before queueing (throw MutationValidationError). */
  validate?(args: z.output<S>): void;
  /** Fills in what is decided once, at mutate time (local ids, timestamps). Runs in the transaction. */
  prepare?(args: z.output<S>, ctx: PrepareContext): Promise<P> | P;
  /** Entity references (`event:{id}`) the change needs. */
  refs(args: P): string[];
  /** Entity references the change brings into existence. */
  creates?(args: P): string[];
  applyLocal(w: LocalWriter, args: P): Promise<void>;
  send(ctx: SyncContext, args: P): Promise<R>;
  /**
   * The same call as one row write that a batch can carry (push-batch.ts): given, the entry may be
   * sent with its neighbours in one request, and its answer is the same as `send`'s.
   */
  batch?(args: P): RowWrite;
  reconcile?(w: LocalWriter, args: P, result: R): Promise<void>;
  /** Runs after the transaction that recorded success committed (browser events). */
  afterSuccess?(args: P, result: R): void;
  /** The change in the sync panel's words ('Add an expense "Fuel" to "Lake trip"'). */
  describe(args: P, ctx: DescribeContext): string;
  /** Its effect shows only in the snapshots (friend lists): a full pull follows its success. */
  isSeenInSnapshots?: boolean;
}

/** Any kind, whatever its types (what the engine stores and looks up by name). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds kinds of every argument type
export type AnyKind = MutationKind<z.ZodType, any, any>;

/**
 * Declares a kind, inferring its raw schema, its prepared arguments (from `prepare`, written
 * before the steps that use them) and its result (from `send`).
 */
export function defineKind<
  const N extends string,
  S extends z.ZodType,
  P extends z.output<S> = z.output<S>,
  R = unknown,
>(kind: MutationKind<S, P, R> & { name: N }): MutationKind<S, P, R> & { name: N } {
  return kind;
}

/**
 * The type of every registered kind by name. Empty here: the app adds its features' kinds
 * (`declare module '…/sync/kind-registry.ts' { interface MutationKinds extends AppKinds {} }`).
 * @public (used through declaration merging)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the app
export interface MutationKinds {}

/** A list of kinds as a map by name (for `MutationKinds`). */
export type KindsByName<T extends readonly { name: string }[]> = { [K in T[number] as K['name']]: K };

export type KindName = keyof MutationKinds & string;
/** What a screen passes to `mutate(kind, args)`. */
export type RawArgs<K extends KindName> =
  MutationKinds[K] extends MutationKind<infer S, infer _P, infer _R> ? z.input<S> : never;
/** The arguments as queued (`prepare` filled in local ids and times). */
export type PreparedArgs<K extends KindName> =
  MutationKinds[K] extends MutationKind<infer _S, infer P, infer _R> ? P : never;

/** A realtime table that rings the doorbell beyond the delta sources' own tables. */
export interface DoorbellTable {
  table: string;
  /** Its changes show only in the snapshots: the pull it asks for is a full one. */
  isSnapshot?: boolean;
}

/** What a feature contributes to the engine (its `sync/` folder's `…Sync` export). */
export interface SyncFeature {
  kinds?: readonly AnyKind[];
  /** Tables pulled as deltas, in pull order. */
  sources?: readonly DeltaSource[];
  /** Lists read whole on a full pull. */
  snapshots?: readonly SnapshotSource[];
  doorbell?: readonly DoorbellTable[];
}

export class KindRegistry {
  private readonly kinds = new Map<string, AnyKind>();
  readonly sources: DeltaSource[] = [];
  readonly snapshots: SnapshotSource[] = [];
  readonly doorbell: DoorbellTable[] = [];

  register(kind: AnyKind): this {
    if (this.kinds.has(kind.name)) throw new Error(`Mutation kind ${kind.name} is registered twice`);
    this.kinds.set(kind.name, kind);
    return this;
  }

  /** Adds a feature's kinds, sources, snapshots and doorbell tables (sources keep their order). */
  add(feature: SyncFeature): this {
    for (const kind of feature.kinds ?? []) this.register(kind);
    this.sources.push(...(feature.sources ?? []));
    this.snapshots.push(...(feature.snapshots ?? []));
    this.doorbell.push(...(feature.doorbell ?? []));
    return this;
  }

  get(name: string): AnyKind {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`Unknown mutation kind ${name}`);
    return kind;
  }

  has(name: string): boolean {
    return this.kinds.has(name);
  }

  names(): string[] {
    return [...this.kinds.keys()];
  }

  /** A queued or refused change in the sync panel's words (its kind's `describe`). */
  describe(change: { kind: string; args: unknown }, ctx: DescribeContext): string {
    const kind = this.kinds.get(change.kind);
    try {
      // The arguments were prepared by this kind when queued (or by an older version of the app).
      return kind?.describe(change.args, ctx) || 'A change';
    } catch {
      return 'A change';
    }
  }

  /** The realtime tables to listen on, and whether a change there needs a full pull. */
  doorbellTables(): DoorbellTable[] {
    return [...this.sources.map((source) => ({ table: source.remote })), ...this.doorbell];
  }
}
