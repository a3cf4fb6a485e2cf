/**
 * What the gateway needs to know about one function before running it, worked out as the Supabase
 * CLI does from the project's files: its entry (`[functions.NAME] entrypoint`, else
 * `<functionsDir>/NAME/index.ts`), its Deno configuration (`NAME/deno.json`, else the section's
 * `import_map`, else `<functionsDir>/deno.json`), `verify_jwt` (default true), its environment
 * (the platform's variables and the secrets of the env file), and a stamp of its source files so
 * that an edited function is started afresh, as `supabase functions serve` reloads.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parse as parseToml } from 'smol-toml';

export interface FunctionSpec {
  name: string;
  /** Absolute path of the entry module (it calls Deno.serve). */
  entry: string;
  /** deno.json (imports) to run it with, or null for none. */
  denoConfig: string | null;
  verifyJwt: boolean;
  /** The function's whole environment: nothing else of the backend's is visible to it. */
  env: Record<string, string>;
  /** Changes whenever a source file, the Deno configuration or the environment changes. */
  stamp: string;
}

export interface PlatformEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  SUPABASE_DB_URL?: string;
  /** Local defaults a secret of the env file may replace (SITE_URL, DEV_MAIL_URL). */
  defaults: Record<string, string>;
}

interface FunctionSection {
  verify_jwt?: unknown;
  entrypoint?: unknown;
  import_map?: unknown;
}

const mtime = async (file: string) => (await stat(file).catch(() => null))?.mtimeMs ?? null;
const isFile = async (file: string) => (await stat(file).catch(() => null))?.isFile() ?? false;

/** `[functions.NAME]` of `<functionsDir>/../config.toml`; an unreadable file counts as empty (verify_jwt stays on). */
async function sectionOf(functionsDir: string, name: string): Promise<FunctionSection> {
  const file = path.join(functionsDir, '..', 'config.toml');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return {};
  try {
    const config = parseToml(text) as { functions?: Record<string, FunctionSection> };
    const section = config.functions?.[name];
    return section && typeof section === 'object' ? section : {};
  } catch (error) {
    console.error(`[functions] ${file} could not be read as TOML; every function keeps verify_jwt = true:`, error);
    return {};
  }
}

/**
 * The secrets of the env file, without the SUPABASE_ names the platform reserves (as `supabase
 * secrets set` skips them). Read on every call (a few lines), so an edit applies to the next call.
 */
const warned = new Set<string>();
async function secretsOf(envFile: string | null): Promise<Record<string, string>> {
  const text = envFile ? await readFile(envFile, 'utf8').catch(() => null) : null;
  if (text === null) return {};
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (key.startsWith('SUPABASE_')) {
      if (warned.has(`${envFile}:${key}`)) continue;
      warned.add(`${envFile}:${key}`);
      console.warn(`[functions] ${envFile}: ${key} is skipped, names starting with SUPABASE_ are the platform's`);
    } else if (typeof value === 'string') {
      secrets[key] = value;
    }
  }
  return secrets;
}

/** Newest modification time of the files a function is made of: its folder and the shared `_*` folders. */
async function sourcesStamp(functionsDir: string, name: string): Promise<number> {
  const entries = await readdir(functionsDir, { withFileTypes: true }).catch(() => []);
  const folders = entries
    .filter((entry) => entry.isDirectory() && (entry.name === name || entry.name.startsWith('_')))
    .map((entry) => path.join(functionsDir, entry.name));
  let newest = 0;
  for (const folder of folders) {
    const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    const times = await Promise.all(
      files.filter((file) => file.isFile()).map((file) => mtime(path.join(file.parentPath, file.name))),
    );
    for (const time of times) newest = Math.max(newest, time ?? 0);
  }
  return newest;
}

/** The spec of function `name`, or null when the project has no such function. */
export async function functionSpec(
  functionsDir: string,
  name: string,
  envFile: string | null,
  platform: PlatformEnv,
): Promise<FunctionSpec | null> {
  const section = await sectionOf(functionsDir, name);
  const supabaseDir = path.join(functionsDir, '..');
  const entry =
    typeof section.entrypoint === 'string'
      ? path.resolve(supabaseDir, section.entrypoint)
      : path.join(functionsDir, name, 'index.ts');
  if (!(await isFile(entry))) return null;

  const candidates = [
    path.join(functionsDir, name, 'deno.json'),
    typeof section.import_map === 'string' ? path.resolve(supabaseDir, section.import_map) : null,
    path.join(functionsDir, 'deno.json'),
  ];
  let denoConfig: string | null = null;
  for (const candidate of candidates) {
    if (candidate && (await isFile(candidate))) {
      denoConfig = candidate;
      break;
    }
  }

  const { defaults, ...reserved } = platform;
  const env: Record<string, string> = { ...defaults, ...(await secretsOf(envFile)) };
  for (const [key, value] of Object.entries(reserved)) if (value) env[key] = value;

  const stamp = JSON.stringify([
    await sourcesStamp(functionsDir, name),
    denoConfig,
    denoConfig ? await mtime(denoConfig) : null,
    entry,
    env,
  ]);
  return { name, entry, denoConfig, verifyJwt: section.verify_jwt !== false, env, stamp };
}
