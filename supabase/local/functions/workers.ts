/**
 * One long-lived Deno process per function, as the hosted Edge Runtime keeps a worker per function:
 * started on the function's first call with the real Deno of the `deno` npm package, serving the
 * function's `Deno.serve` on a port of 127.0.0.1 that the gateway proxies to. Each process gets:
 * - only its own environment (the platform's variables and the function's secrets; nothing of the
 *   backend's), readable with `--allow-env`;
 * - network access to the hosts its environment names (the backend, a provider's API base) and the
 *   providers the functions use by default, and nothing else: no file reads or writes, no
 *   subprocesses (Deno's permissions, with prompts off);
 * - a heap limit (`--max-old-space-size`): a function over it dies, and its callers are answered as
 *   the hosted runtime answers (546 WORKER_RESOURCE_LIMIT, see functions.ts);
 * - its npm dependencies from the project's node_modules (`--node-modules-dir=manual`), so no
 *   registry is needed at run time.
 * A process is replaced when its sources or environment change, stopped after `idleMs` unused, and
 * stopped with the backend; it also ends by itself when the backend dies (deno-worker.ts).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from '../config.ts';
import type { FunctionSpec } from './spec.ts';

const LISTENING = '__crewcamp_function_listening__';
const RUNTIME = path.join(import.meta.dirname, 'deno-worker.ts');
/**
 * The mail and payment providers' APIs, which the functions reach unless an *_API_BASE says
 * otherwise, and the browsers' push services, where send-push delivers system notifications.
 */
const PROVIDER_HOSTS = [
  'api.resend.com:443',
  'api.stripe.com:443',
  'fcm.googleapis.com:443',
  'updates.push.services.mozilla.com:443',
  'web.push.apple.com:443',
  '*.push.apple.com:443',
  '*.notify.windows.com:443',
];
/** Variables for Deno itself, hidden from the function (`--ignore-env` reads them as unset). */
const RUNTIME_ENV = {
  DENO_DIR: path.join(repoRoot, 'node_modules', '.cache', 'deno'),
  NO_COLOR: '1',
  DENO_NO_UPDATE_CHECK: '1',
};
const HIDDEN_ENV = [...Object.keys(RUNTIME_ENV), 'PATH', 'DENO_NODE_SHIM_ACTIVE'];
const DEFAULT_PORTS: Record<string, string> = {
  'http:': '80',
  'https:': '443',
  'ws:': '80',
  'wss:': '443',
  'postgres:': '5432',
  'postgresql:': '5432',
};
const OUT_OF_MEMORY = /Fatal JavaScript out of memory|Reached heap limit|JavaScript heap out of memory/;

/** Why a process ended: over its heap, stopped for a request over the time limit, stopped by us, or on its own. */
export type ExitCause = 'memory' | 'timeout' | 'stopped' | 'crashed';

export class BootError extends Error {}

export interface WorkerOptions {
  quiet: boolean;
  memoryMb: number;
  idleMs: number;
  bootTimeoutMs: number;
}

let denoPath: string | null = null;
/** The Deno binary of the pinned `deno` npm package (its own installer finds the platform's build). */
export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  denoPath ??= (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
  return denoPath;
}

/** host:port of every URL in the function's environment, the providers' APIs, and its own listener. */
export function allowedHosts(env: Record<string, string>): string[] {
  const hosts = new Set(['127.0.0.1:0', ...PROVIDER_HOSTS]);
  for (const value of Object.values(env)) {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    const port = url.port || DEFAULT_PORTS[url.protocol];
    if (url.hostname && port) hosts.add(`${url.hostname}:${port}`);
  }
  return [...hosts];
}

export type Forwarded = { ok: true; response: http.IncomingMessage } | { ok: false; cause: ExitCause | 'own-timeout' };

export interface ForwardRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body: Buffer | null;
  timeoutMs: number;
}

export class FunctionWorker {
  readonly spec: FunctionSpec;
  readonly child: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  readonly exited: Promise<ExitCause>;
  private port = 0;
  private inflight = 0;
  private cause: ExitCause | null = null;
  private retired = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly agent = new http.Agent({ keepAlive: true });

  constructor(
    spec: FunctionSpec,
    private readonly options: WorkerOptions,
    private readonly onGone: (worker: FunctionWorker) => void,
  ) {
    this.spec = spec;
    const args = [
      'run',
      '--no-prompt',
      '--no-lock',
      '--node-modules-dir=manual',
      ...(spec.denoConfig ? ['--config', spec.denoConfig] : ['--no-config']),
      `--allow-net=${allowedHosts(spec.env).join(',')}`,
      '--allow-env',
      `--ignore-env=${HIDDEN_ENV.join(',')}`,
      `--v8-flags=--max-old-space-size=${options.memoryMb}`,
      '--preload',
      RUNTIME,
      spec.entry,
    ];
    this.child = spawn(denoBinary(), args, {
      cwd: path.dirname(spec.entry),
      env: { ...spec.env, ...RUNTIME_ENV },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let outOfMemory = false;
    let inGcDump = false;
    const prefix = `[functions:${spec.name}]`;

    this.exited = new Promise((resolve) => {
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const cause = this.cause ?? (outOfMemory ? 'memory' : 'crashed');
        this.cause = cause;
        if (cause === 'memory')
          console.error(`${prefix} exceeded its memory limit (${options.memoryMb} MB) and was stopped`);
        this.agent.destroy();
        if (this.idleTimer) clearTimeout(this.idleTimer);
        this.onGone(this);
        resolve(cause);
      };
      // 'close', not 'exit': V8's out-of-memory report on stderr has been read by then.
      this.child.once('close', end);
      // Deno could not be started at all (no 'exit' follows then).
      this.child.once('error', (error) => {
        console.error(`${prefix} could not start Deno:`, error);
        end();
      });
    });

    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`did not start serving within ${options.bootTimeoutMs} ms`));
        this.stop('stopped');
      }, options.bootTimeoutMs);
      void this.exited.then(() => {
        clearTimeout(timer);
        reject(new BootError('exited before it served (see the log above)'));
      });
      readline.createInterface({ input: this.child.stdout }).on('line', (line) => {
        // Only the first report counts: a function cannot point the gateway elsewhere by printing one.
        if (!this.port && line.startsWith(LISTENING)) {
          this.port = Number(line.slice(LISTENING.length + 1));
          clearTimeout(timer);
          resolve();
        } else if (!options.quiet) {
          console.log(`${prefix} ${line}`);
        }
      });
    });
    // A rejected boot is answered by the gateway; this keeps it from being an unhandled rejection.
    this.ready.catch(() => {});

    readline.createInterface({ input: this.child.stderr }).on('line', (line) => {
      if (OUT_OF_MEMORY.test(line)) outOfMemory = true;
      // V8's report of the last collections before it gives up on the heap: one line says it all.
      if (line.startsWith('<--- Last few GCs')) inGcDump = true;
      // Deno's hint to use `deno serve` for a default export is moot here: that export is served.
      if (!inGcDump && line.trim() && !line.includes('Detected export default { fetch }'))
        console.error(`${prefix} ${line}`);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.cause === null;
  }

  /** Sends one request to the function; answers its response, or why the process could not answer. */
  forward(request: ForwardRequest): Promise<Forwarded> {
    this.inflight++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    return new Promise((resolve) => {
      let answered = false;
      let ownTimeout = false;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.inflight--;
        this.settle();
      };
      // Over the limit the process is stopped: its event loop may be stuck, as the hosted runtime assumes.
      const timer = setTimeout(() => {
        ownTimeout = true;
        this.stop('timeout');
      }, request.timeoutMs);
      const send = (retried: boolean) => {
        const outgoing = http.request({
          host: '127.0.0.1',
          port: this.port,
          method: request.method,
          path: request.path,
          headers: request.headers,
          agent: this.agent,
        });
        outgoing.on('response', (response) => {
          answered = true;
          resolve({ ok: true, response });
          response.once('close', finish);
        });
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          if (answered) return finish();
          // A kept-alive connection the function's server had just closed: the request never
          // reached it, so it is sent once more on a new connection (as Node's docs advise).
          if (!retried && outgoing.reusedSocket && error.code === 'ECONNRESET' && this.alive) return send(true);
          // The connection broke because the process ended (or is ending): say why, once it is known.
          const gone = Promise.race([
            this.exited,
            new Promise<ExitCause>((later) => setTimeout(() => later('crashed'), 2000).unref()),
          ]);
          void gone.then((cause) => {
            resolve({ ok: false, cause: ownTimeout ? 'own-timeout' : cause });
            finish();
          });
        });
        outgoing.end(request.body ?? undefined);
      };
      send(false);
    });
  }

  /** No new requests: the process ends once its requests are answered. */
  retire(): void {
    this.retired = true;
    this.settle();
  }

  stop(cause: ExitCause): void {
    if (this.cause !== null) return;
    this.cause = cause;
    this.child.kill('SIGKILL');
  }

  private settle(): void {
    if (this.inflight > 0 || !this.alive) return;
    if (this.retired) return this.stop('stopped');
    if (this.options.idleMs > 0) {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.stop('stopped'), this.options.idleMs);
      this.idleTimer.unref();
    }
  }
}

/** The running function processes of one backend, one per function at a time. */
export class FunctionWorkers {
  private readonly current = new Map<string, FunctionWorker>();
  private readonly all = new Set<FunctionWorker>();
  private closed = false;

  constructor(private readonly options: WorkerOptions) {}

  /** The process serving `spec` (started, or started afresh when its spec changed); BootError if it cannot serve. */
  async acquire(spec: FunctionSpec): Promise<FunctionWorker> {
    if (this.closed) throw new BootError('the backend is closing');
    const existing = this.current.get(spec.name);
    if (existing?.alive && existing.spec.stamp === spec.stamp) {
      await existing.ready;
      return existing;
    }
    existing?.retire();
    const worker = new FunctionWorker(spec, this.options, (gone) => {
      this.all.delete(gone);
      if (this.current.get(gone.spec.name) === gone) this.current.delete(gone.spec.name);
    });
    this.current.set(spec.name, worker);
    this.all.add(worker);
    await worker.ready;
    return worker;
  }

  /** Process ids of the running functions (tests check that none outlives the backend). */
  pids(): number[] {
    return [...this.all].flatMap((worker) => (worker.pid && worker.alive ? [worker.pid] : []));
  }

  /** Stops every process; the next call of a function starts it again (cold). */
  async stop(): Promise<void> {
    const workers = [...this.all];
    for (const worker of workers) worker.stop('stopped');
    await Promise.all(workers.map((worker) => worker.exited));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stop();
  }
}
