/**
 * The local backend as `npm run backend` runs it, in a process of its own, for the tests of its
 * start-up: ready line, exit, kill -9.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface BackendProcess {
  child: ChildProcess;
  /** The ready line (`CrewCamp local Supabase backend on …`); rejects if the process exits first. */
  ready: Promise<string>;
  /** The exit code (null when killed by a signal), once it has exited. */
  exited: Promise<number | null>;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** Starts `supabase/local/main.ts` on a free port with `env` on top of the current environment. */
export function spawnBackend(env: Record<string, string>, options: { uid?: number; gid?: number } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
    cwd: root,
    env: { ...process.env, LOCAL_SUPABASE_PORT: '0', LOCAL_SUPABASE_QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^CrewCamp local Supabase backend on .*$/m.exec(output);
      if (line) resolve(line[0]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the backend exited (${code}) before it was ready:\n${output}`)));
  });
  ready.catch(() => {});
  const process_: BackendProcess = {
    child,
    ready,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  return process_;
}

/** The URL in a ready line. */
export function urlOf(readyLine: string): string {
  const match = /on (http:\/\/[\d.]+:\d+)/.exec(readyLine);
  if (!match) throw new Error(`no URL in: ${readyLine}`);
  return match[1];
}
