/**
 * Realtime Authorization as the hosted server does it for private channels: the RLS policies of
 * `realtime.messages` decide, for the joiner's role and claims and with `realtime.topic()` set to
 * the channel's topic, whether they may read (select) and send (insert) broadcast and presence.
 * Reading: probe rows for the topic are inserted as the owner, then selected as the caller;
 * sending: a row is inserted as the caller (a refusal is 42501). Everything is rolled back. Also
 * the suspension check: a token whose user is banned (auth.users.banned_until in the future)
 * acts for nobody.
 */
import type { Database, Queryable } from '../db.ts';
import type { ChannelAuth } from './auth.ts';

export interface Policies {
  broadcast: { read: boolean; write: boolean };
  presence: { read: boolean; write: boolean };
}

/** The message of a channel join or token refused because its user is banned. */
export const BANNED = 'User is banned';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value thrown to roll a transaction back while handing its result out. */
class Rollback<T> {
  constructor(readonly value: T) {}
}

async function rolledBack<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}

export const isUserId = (sub: string) => UUID.test(sub);

/** The user ids of the ones among `subs` that are banned now. */
export async function bannedUsers(db: Database, subs: Iterable<string>): Promise<Set<string>> {
  const ids = [...new Set(subs)].filter((sub) => UUID.test(sub));
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    'select id::text as id from auth.users where id = any($1::uuid[]) and banned_until > now()',
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

export function subOf(auth: ChannelAuth): string | null {
  return typeof auth.claims.sub === 'string' && auth.claims.sub !== '' ? auth.claims.sub : null;
}

/** Whether the token's user is banned. */
export async function isBanned(db: Database, auth: ChannelAuth): Promise<boolean> {
  const sub = subOf(auth);
  return sub !== null && (await bannedUsers(db, [sub])).size > 0;
}

/** What the caller may do on a private channel's topic (its sub-topic, as realtime.topic() shows). */
export function channelPolicies(db: Database, auth: ChannelAuth, topic: string): Promise<Policies> {
  return rolledBack(db, async (tx) => {
    const { rows: probes } = await tx.query<{ id: string; extension: string }>(
      `insert into realtime.messages (topic, extension) values ($1, 'broadcast'), ($1, 'presence')
       returning id::text as id, extension`,
      [topic],
    );
    const sub = subOf(auth) ?? '';
    await tx.query(
      `select set_config('role', $1, true),
              set_config('realtime.topic', $2, true),
              set_config('request.jwt.claims', $3, true),
              set_config('request.jwt.claim.sub', $4, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.headers', '{}', true)`,
      [auth.role, topic, JSON.stringify(auth.claims), sub],
    );
    const readable = new Set<string>();
    try {
      const { rows } = await tx.query<{ id: string }>(
        'select id::text as id from realtime.messages where id = any($1::uuid[])',
        [probes.map((probe) => probe.id)],
      );
      for (const row of rows) readable.add(probes.find((probe) => probe.id === row.id)?.extension ?? '');
    } catch {
      // a policy that fails to evaluate grants nothing (the hosted server refuses the join)
      return deny();
    }
    const writable = new Set<string>();
    for (const extension of ['broadcast', 'presence']) {
      await tx.query('savepoint realtime_write_check');
      try {
        await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
        writable.add(extension);
      } catch {
        // 42501 (no policy lets the caller insert) or a policy that fails: no sending
      }
      await tx.query('rollback to savepoint realtime_write_check');
    }
    return {
      broadcast: { read: readable.has('broadcast'), write: writable.has('broadcast') },
      presence: { read: readable.has('presence'), write: writable.has('presence') },
    };
  });
}

function deny(): Policies {
  return { broadcast: { read: false, write: false }, presence: { read: false, write: false } };
}
