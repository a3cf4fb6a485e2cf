/**
 * Once per run: the shared build and the template database (see stack.ts); each worker starts its
 * own stack from them (fixtures.ts). The teardown removes the run's folder.
 */
import { rm } from 'node:fs/promises';
import { prepareRun } from './stack.ts';

export default async function globalSetup() {
  const run = await prepareRun();
  return () => rm(run.workDir, { recursive: true, force: true });
}
