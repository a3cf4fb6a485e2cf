/**
 * The table of generators, one per mutation kind the app registers, and the draw: a random kind,
 * or when the model's state offers nothing valid for it, the next kind in the table that fits.
 */
import { coreGenerators } from './gen-core.ts';
import { logisticsGenerators } from './gen-logistics.ts';
import { pageGenerators } from './gen-pages.ts';
import type { Generator, GeneratorContext } from './generator-types.ts';
import type { PickedOp } from './reference-model.ts';

export const generators: Record<string, Generator> = {
  ...coreGenerators,
  ...pageGenerators,
  ...logisticsGenerators,
};

export const generatedKinds = Object.keys(generators).sort();

/** Draws a valid mutation: the kind `op` picks, else the next one in the table whose state fits. */
export async function pickOp(ctx: GeneratorContext, op: number): Promise<PickedOp> {
  for (let k = 0; k < generatedKinds.length; k++) {
    const picked = await generators[generatedKinds[(op + k) % generatedKinds.length]](ctx);
    if (picked) return picked;
  }
  throw new Error('No kind fits the model (profile.update always should)');
}
