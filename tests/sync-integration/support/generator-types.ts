/**
 * What a kind's generator sees (the model, who acts, a random number, the step and the acting
 * device) and what it gives: a kind and its arguments typed by the app's `MutationKinds` (a wrong
 * argument shape does not compile), and the change the model makes once `mutate` prepared them.
 */
import '../../../src/app/sync-registry.ts';
import type { CrewCampDb } from '../../../src/db/crewcamp-db.ts';
import type { KindName, PreparedArgs, RawArgs } from '../../../src/sync/kind-registry.ts';
import type { Actor, Model } from './reference-model.ts';

export interface PickedOp<K extends KindName = KindName> {
  kind: K;
  args: RawArgs<K>;
  apply(model: Model, prepared: PreparedArgs<K>): void;
}

export interface SetupUser {
  userId: string;
  email: string;
}

export interface GeneratorContext {
  model: Model;
  actor: Actor;
  /** A random number (0..1000) the generator draws its choices from. */
  n: number;
  step: number;
  /** The acting tab's device database (a move is planned from the rows the user sees). */
  db: CrewCampDb;
  /** The user (without a device) who owns the shared events and sends the setup's requests. */
  setup: { owner: SetupUser };
}

export type Generator<K extends KindName = KindName> = (
  ctx: GeneratorContext,
) => PickedOp<K> | null | Promise<PickedOp<K> | null>;

/** One generator per kind the app registers: a kind without one does not compile. */
export type GeneratorTable = { [K in KindName]: Generator<K> };
