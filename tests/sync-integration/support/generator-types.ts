/** What a kind's generator sees: the model, who acts, a random number, the step and the acting device. */
import type { CrewCampDb } from '../../../src/db/crewcamp-db.ts';
import type { Actor, Model, PickedOp } from './reference-model.ts';

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

export type Generator = (ctx: GeneratorContext) => PickedOp | null | Promise<PickedOp | null>;
