/**
 * The server functions' secrets for a test backend, as `supabase/functions/.env` gives them to
 * `npm run backend`: an env file of its own in a temporary folder (pass `file` as the backend's
 * `functionsEnvFile`). The functions run in their own Deno processes, so a test sets a secret here
 * rather than in its own process.env; the next call of a function sees the change.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface FunctionSecrets {
  file: string;
  /** Replaces every secret with these. */
  set(values: Record<string, string>): Promise<void>;
  clear(): Promise<void>;
  remove(): Promise<void>;
}

export async function functionSecrets(): Promise<FunctionSecrets> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-secrets-'));
  const file = path.join(dir, '.env');
  const set = (values: Record<string, string>) =>
    writeFile(
      file,
      Object.entries(values)
        .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
        .join(''),
    );
  await set({});
  return { file, set, clear: () => set({}), remove: () => rm(dir, { recursive: true, force: true }) };
}
