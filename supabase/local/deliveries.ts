/**
 * The local backend's stand-in for the database webhooks that call the notification senders on a
 * hosted project (supabase/migrations/*_notification_outbox.sql: pg_net after each statement that
 * queues push or mail jobs, pg_cron every five minutes).
 *
 * After every request that may have written rows (the same wake-up Realtime gets), and on a short
 * timer for pushes held through quiet hours and retries, it looks whether the push or mail outbox
 * has due jobs and, if so, calls the same server functions a hosted project calls (send-push,
 * send-notification-mail) through the functions gateway with the service-role key. One call per
 * function runs at a time; jobs queued meanwhile are taken by the next one, so a burst of writes
 * becomes a few batched calls. A project without these functions (the tests' fixture functions) is
 * noticed once per timer tick and otherwise left alone.
 *
 * It also keeps the VAPID key pair the push sender signs with: made on the first start and kept in
 * the data folder (in memory for an in-memory backend), and given to send-push's environment
 * (a secret of the functions' env file replaces it, as on a hosted project).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { App } from './app.ts';

export interface VapidKeys {
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
}

export interface Deliveries {
  /** Looks for due jobs soon (coalesced with other wake-ups). */
  wake(): void;
  /** Resolves once no call is running or about to run (tests, benchmarks). */
  idle(): Promise<void>;
  /** Queues due digests and prunes old jobs and notifications (run with the database maintenance). */
  runMaintenance(): Promise<void>;
  close(): Promise<void>;
}

const SENDERS = { push: 'send-push', mail: 'send-notification-mail' } as const;
type Sender = keyof typeof SENDERS;

const toBase64Url = (value: string) => value.replace(/=+$/, '');

/** A new P-256 key pair in the form web-push takes: the public key uncompressed (65 bytes), the private scalar (32 bytes). */
export function newVapidKeys(subject = 'mailto:notifications@crewcamp.local'): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  return {
    VAPID_PUBLIC_KEY: toBase64Url(raw.toString('base64url')),
    VAPID_PRIVATE_KEY: toBase64Url(jwk.d!),
    VAPID_SUBJECT: subject,
  };
}

/** The backend's VAPID keys: read from `<dataDir>/vapid.json`, made and stored there on the first start. */
export async function vapidKeys(dataDir: string | null): Promise<VapidKeys> {
  if (!dataDir) return newVapidKeys();
  const file = path.join(dataDir, 'vapid.json');
  // A file cut short (the first start killed while writing it: no push subscription uses its keys
  // yet) is as good as none.
  const stored = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Partial<VapidKeys>)
    .catch(() => null);
  if (stored?.VAPID_PUBLIC_KEY && stored.VAPID_PRIVATE_KEY && stored.VAPID_SUBJECT) return stored as VapidKeys;
  const keys = newVapidKeys();
  // Written whole or not at all: a kill leaves at most the temporary file, written over next time.
  const temporary = `${file}.tmp`;
  await writeFile(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
  return keys;
}

const DUE = `
  select
    exists (select 1 from private.push_jobs j where j.status in ('pending', 'sending')
            and ((j.status = 'pending' and j.available_at <= clock_timestamp()) or j.locked_until < clock_timestamp())) as push,
    exists (select 1 from private.mail_jobs m where m.status in ('pending', 'sending')
            and ((m.status = 'pending' and m.available_at <= clock_timestamp()) or m.locked_until < clock_timestamp())) as mail`;

export function startDeliveries(app: App, options: { pollMs: number }): Deliveries {
  let scheduled = false;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  /** Senders the project does not have (404): skipped until the next timer tick. */
  const absent = new Set<Sender>();

  async function call(sender: Sender): Promise<void> {
    // A call takes at most a batch within the function's time budget; it says when more is due.
    for (let round = 0; round < 20 && !closed; round++) {
      const response = await fetch(`${app.url}/functions/v1/${SENDERS[sender]}`, {
        method: 'POST',
        headers: {
          apikey: app.anonKey,
          Authorization: `Bearer ${app.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      const body = (await response.json().catch(() => null)) as { more?: unknown; error?: unknown } | null;
      if (response.status === 404) {
        absent.add(sender);
        return;
      }
      if (!response.ok) {
        if (!app.config.quiet)
          console.error(`[deliveries] ${SENDERS[sender]} answered ${response.status}: ${JSON.stringify(body)}`);
        return;
      }
      if (body?.more !== true) return;
    }
  }

  /** Whether the database has the outboxes at all (a project with other migrations, as some tests run, has not). */
  let hasOutboxes: Promise<boolean> | null = null;
  const outboxesExist = () =>
    (hasOutboxes ??= app.db
      .query<{ exists: boolean }>(
        `select to_regclass('private.push_jobs') is not null and to_regclass('private.mail_jobs') is not null as exists`,
      )
      .then(({ rows }) => rows[0]?.exists === true));

  async function dispatch(): Promise<void> {
    if (!(await outboxesExist())) return;
    do {
      again = false;
      const { rows } = await app.db.query<{ push: boolean; mail: boolean }>(DUE);
      const due = (Object.keys(SENDERS) as Sender[]).filter((sender) => rows[0]?.[sender] && !absent.has(sender));
      await Promise.all(due.map((sender) => call(sender)));
    } while (again && !closed);
  }

  function run(): void {
    scheduled = false;
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = dispatch()
      .catch((error: unknown) => {
        if (!closed) console.error('[deliveries]', error);
      })
      .finally(() => {
        running = null;
      });
  }

  function wake(): void {
    if (scheduled || closed) return;
    scheduled = true;
    setImmediate(run);
  }

  const timer =
    options.pollMs > 0
      ? setInterval(() => {
          absent.clear();
          wake();
        }, options.pollMs)
      : null;
  timer?.unref();
  wake();

  return {
    wake,
    async idle() {
      while (scheduled || running) {
        if (running) await running;
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async runMaintenance() {
      if (!(await outboxesExist())) return;
      await app.db.query('select public.run_notification_maintenance()');
      wake();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
