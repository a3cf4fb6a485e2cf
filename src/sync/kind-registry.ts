/**
 * A mutation kind is everything the engine needs to know about one kind of user change:
 * its arguments (validated before anything is queued), the optimistic change (`applyLocal`, run
 * in the same transaction that appends to the outbox and again on every rebase, so it must be
 * deterministic and only set state), the one idempotent backend call (`send`), and `reconcile`,
 * which stores what the server answered (and, for creations, swaps local ids for real ones).
 * The engine is generic; kinds are registered here.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { z } from 'zod';
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { LocalWriter } from './local-writer.ts';

export interface SyncContext {
  client: SupabaseClient;
  userId: string;
}

export interface PrepareContext {
  db: CrewCampDb;
  userId: string;
  clientId: string;
  mutationId: string;
  now: number;
}

export interface MutationKind<A = unknown> {
  name: string;
  args: z.ZodType<A>;
  /** Rules checked before queueing (throw MutationValidationError). */
  validate?(args: A): void;
  /** Fills in what is decided once, at mutate time (local ids, timestamps). Runs in the transaction. */
  prepare?(args: A, ctx: PrepareContext): Promise<A> | A;
  /** Entity references (`event:{id}`) the change needs. */
  refs(args: A): string[];
  /** Entity references the change brings into existence. */
  creates?(args: A): string[];
  applyLocal(w: LocalWriter, args: A): Promise<void>;
  send(ctx: SyncContext, args: A): Promise<unknown>;
  reconcile?(w: LocalWriter, args: A, result: unknown): Promise<void>;
  /** Runs after the transaction that recorded success committed (browser events). */
  afterSuccess?(args: A, result: unknown): void;
}

export class KindRegistry {
  private readonly kinds = new Map<string, MutationKind>();

  register<A>(kind: MutationKind<A>): this {
    if (this.kinds.has(kind.name)) throw new Error(`Mutation kind ${kind.name} is registered twice`);
    this.kinds.set(kind.name, kind as unknown as MutationKind);
    return this;
  }

  get(name: string): MutationKind {
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
}
