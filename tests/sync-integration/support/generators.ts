/**
 * The table of generators, one per mutation kind the app registers, and the draw: a random kind,
 * or when the model's state offers nothing valid for it, of the kinds that fit the one drawn least
 * so far in the run (so kinds that need some state, a deleted event, a claimed seat, are drawn too).
 */
import { coreGenerators } from './gen-core.ts';
import { crewGenerators } from './gen-crew.ts';
import { logisticsGenerators } from './gen-logistics.ts';
import { notificationGenerators } from './gen-notifications.ts';
import { pageGenerators } from './gen-pages.ts';
import type { Generator, GeneratorContext, GeneratorTable, PickedOp } from './generator-types.ts';
import type { KindName } from '../../../src/sync/kind-registry.ts';

export const generators: GeneratorTable = {
  ...coreGenerators,
  ...pageGenerators,
  ...logisticsGenerators,
  ...notificationGenerators,
  ...crewGenerators,
};

export const generatedKinds = (Object.keys(generators) as KindName[]).sort();
const generatorOf = (kind: KindName) => generators[kind] as Generator;

/** Draws a valid mutation: the kind `op` picks, else the fitting kind drawn least in the run. */
export async function pickOp(ctx: GeneratorContext, op: number, drawnInRun: Map<string, number>): Promise<PickedOp> {
  const first = await generatorOf(generatedKinds[op % generatedKinds.length])(ctx);
  if (first) return first;
  let best: PickedOp | null = null;
  for (let k = 1; k < generatedKinds.length; k++) {
    const kind = generatedKinds[(op + k) % generatedKinds.length];
    if (best && (drawnInRun.get(kind) ?? 0) >= (drawnInRun.get(best.kind) ?? 0)) continue;
    best = (await generatorOf(kind)(ctx)) ?? best;
  }
  if (!best) throw new Error('No kind fits the model (profile.update always should)');
  return best;
}
