/**
 * Configuration of the local backend, read from the environment once.
 *
 * Defaults are the Supabase CLI's well-known local development values, so that a configuration
 * written for `supabase start` (URL on port 54321, its JWT secret and its anon and service_role
 * keys) works against this process unchanged.
 */
import path from 'node:path';

/** The Supabase CLI's local development JWT secret (public knowledge; never use it in production). */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** `exp` of the CLI's demo keys (2032-11-02), so that keys derived from a secret match the CLI's. */
export const DEMO_KEY_EXP = 1983812996;

export interface BackendConfig {
  /** Port to listen on (0 picks a free one, as the tests do). */
  port: number;
  host: string;
  /** Folder for the embedded database, stored objects and mails. `null` keeps everything in memory. */
  dataDir: string | null;
  jwtSecret: string;
  /** A real PostgreSQL to use instead of the embedded one. */
  databaseUrl: string | null;
  /** Migrations applied in order, each once. */
  migrationsDir: string;
  /** Applied once on a new database, after the migrations. `null` for none. */
  seedFile: string | null;
  /** Server functions: one folder per function with an `index.ts` that calls `Deno.serve` (run on Deno). */
  functionsDir: string;
  /**
   * The functions' secrets (`KEY=value` lines, as `supabase secrets set --env-file` takes), read
   * again when it changes; `null` for none. Default: `supabase/functions/.env` (git-ignored).
   */
  functionsEnvFile: string | null;
  /** Milliseconds a function may take to answer (the hosted request idle timeout, 150 s); then 504. */
  functionsTimeoutMs: number;
  /** Heap of each function's Deno process in MB (hosted: 256); a function over it is answered 546. */
  functionsMemoryMb: number;
  /** Milliseconds an unused function process is kept before it is stopped (0: until the backend closes). */
  functionsIdleMs: number;
  /** No request log lines. */
  quiet: boolean;
  /** Seconds an access token lives. */
  jwtExpiry: number;
  /** Public URL of the web app, for links in mails (password recovery). */
  siteUrl: string;
  /** Largest request body accepted, in bytes (storage uploads have their bucket's limit on top). */
  maxBodyBytes: number;
  /** Milliseconds between runs of the database's maintenance function, 0 for never. */
  maintenanceIntervalMs: number;
  /**
   * The Supabase CLI configuration whose `[auth.hook.*]` sections the auth server follows, as
   * GoTrue follows them on a hosted project (`supabase/config.toml`); null for no hooks.
   */
  configFile: string | null;
  /**
   * GoTrue's rate limits (auth/ratelimit.ts) where they differ from the hosted defaults. The
   * `AUTH_RATE_LIMIT_*` variables, read at call time, take precedence.
   */
  authRateLimits: Partial<Record<'signIn' | 'signUp' | 'verify' | 'recover', number>>;
  /**
   * Where template databases are kept, so that a new PGlite data folder is a copy instead of a
   * fresh initdb plus every migration (see template.ts). `null`: none kept, each new folder is built.
   */
  templateCacheDir: string | null;
  /** Milliseconds between looks for due push and mail jobs besides the one after each write (held pushes, retries); 0 for never. */
  deliveriesPollMs: number;
}

const root = path.resolve(import.meta.dirname, '..', '..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  return {
    port: Number(env.LOCAL_SUPABASE_PORT ?? 54321),
    host: env.LOCAL_SUPABASE_HOST ?? '127.0.0.1',
    dataDir: path.resolve(root, env.LOCAL_SUPABASE_DATA ?? '.data'),
    jwtSecret: env.JWT_SECRET ?? DEFAULT_JWT_SECRET,
    databaseUrl: env.DATABASE_URL || null,
    migrationsDir: path.join(root, 'supabase', 'migrations'),
    seedFile: path.join(root, 'supabase', 'seed.sql'),
    functionsDir: path.join(root, 'supabase', 'functions'),
    functionsEnvFile:
      env.FUNCTIONS_ENV_FILE === ''
        ? null
        : path.resolve(root, env.FUNCTIONS_ENV_FILE ?? path.join('supabase', 'functions', '.env')),
    functionsTimeoutMs: Number(env.FUNCTIONS_TIMEOUT_MS ?? 150_000),
    functionsMemoryMb: Number(env.FUNCTIONS_MEMORY_MB ?? 256),
    functionsIdleMs: Number(env.FUNCTIONS_IDLE_MS ?? 5 * 60 * 1000),
    quiet: env.LOCAL_SUPABASE_QUIET === '1',
    jwtExpiry: Number(env.JWT_EXPIRY ?? 3600),
    siteUrl: env.SITE_URL ?? 'http://localhost:5173',
    maxBodyBytes: 10 * 1024 * 1024,
    maintenanceIntervalMs: Number(env.MAINTENANCE_INTERVAL_MS ?? 10 * 60 * 1000),
    configFile: path.join(root, 'supabase', 'config.toml'),
    authRateLimits: {},
    templateCacheDir: templateCacheDir(env.LOCAL_SUPABASE_TEMPLATES),
    deliveriesPollMs: Number(env.DELIVERIES_POLL_MS ?? 15_000),
  };
}

/** `off` keeps no templates; a path puts them there; unset, they go with the other tools' caches. */
function templateCacheDir(value: string | undefined): string | null {
  if (value === 'off') return null;
  return path.resolve(root, value || path.join('node_modules', '.cache', 'crewcamp-local-supabase'));
}

export const repoRoot = root;

/**
 * True while the backend runs with the Supabase CLI's public development secret, i.e. as a
 * development machine, not as a deployment: only then does it show the mails it would have sent.
 */
export function isDevelopmentSecret(config: BackendConfig): boolean {
  return config.jwtSecret === DEFAULT_JWT_SECRET;
}
