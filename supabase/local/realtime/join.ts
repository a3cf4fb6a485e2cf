/**
 * What a `phx_join` and an `access_token` refresh must pass, in the hosted server's order and with
 * its error texts: the socket's channel cap, the token (signature, expiry, role), the user's
 * socket cap, the user not banned (the local backend's suspension check), then for a private
 * channel the read policies of realtime.messages, and the postgres_changes bindings.
 */
import { randomUUID } from 'node:crypto';
import { verifyChannelToken, type ChannelAuth } from './auth.ts';
import { BANNED, channelPolicies, isBanned, isUserId, subOf, type Policies } from './authorization.ts';
import { parseBindings, validateBindings, type Binding } from './bindings.ts';
import type { ConnectionContext } from './connection.ts';
import type { ChannelSink, ChannelState } from './hub.ts';
import type { Frame } from './protocol.ts';

export const TOO_MANY_CHANNELS = 'ChannelRateLimitReached: Too many channels';
export const TOO_MANY_SOCKETS = 'ConnectionRateLimitReached: Too many connections for this user';

export const readRefused = (topic: string) => `You do not have permissions to read from this Channel topic: ${topic}`;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type Joined = Omit<ChannelState, 'sink' | 'expiryTimer'> & {
  /** The bindings as asked for (answered in the join reply even when they cannot be subscribed). */
  requested: Binding[];
  subscribeError: string | null;
};

/** Whether the policies let the channel be joined: reading broadcast, or presence when it is on. */
const mayJoin = (policies: Policies, presenceEnabled: boolean) =>
  policies.broadcast.read || (presenceEnabled && policies.presence.read);

/**
 * Works out the channel a join asks for, or the reason it is refused. `joined` is how many other
 * channels the socket has joined.
 */
export async function prepareJoin(
  context: ConnectionContext,
  sink: ChannelSink,
  frame: Frame,
  apiKey: string,
  joined: number,
): Promise<Joined | { reason: string }> {
  const { app, db, hub, limits } = context;
  const subTopic = frame.topic.slice('realtime:'.length);
  if (joined >= limits.maxChannelsPerSocket) return { reason: TOO_MANY_CHANNELS };
  const payload = isObject(frame.payload) ? frame.payload : {};
  const config = isObject(payload.config) ? payload.config : {};
  const token =
    typeof payload.access_token === 'string'
      ? payload.access_token
      : typeof payload.user_token === 'string'
        ? payload.user_token
        : apiKey;
  const verified = await verifyChannelToken(app, token);
  if (!verified.ok) return { reason: verified.message };
  const { auth } = verified;
  if (hub.tooManySockets(auth, sink, limits.maxSocketsPerUser)) return { reason: TOO_MANY_SOCKETS };

  const presence = isObject(config.presence) ? config.presence : {};
  const presenceEnabled = presence.enabled === undefined ? true : presence.enabled === true;
  const isPrivate = config.private === true;
  let policies: Policies | null = null;
  if (isPrivate) {
    policies = await channelPolicies(db, auth, subTopic);
    if (!mayJoin(policies, presenceEnabled)) {
      // realtime.messages refuses a suspended user by its restrictive policy: say why, as below.
      if (await isBanned(db, auth)) return { reason: `Unauthorized: ${BANNED}` };
      return { reason: `Unauthorized: ${readRefused(subTopic)}` };
    }
  }
  const bindings = parseBindings(config.postgres_changes);
  if (typeof bindings === 'string') return { reason: bindings };
  const subscribeError = bindings.length > 0 ? await validateBindings(context.catalogs.current(), bindings) : null;
  // Last, in one round trip: whether the user is banned, and the last change captured before the
  // channel is added (nothing waits between this answer and the channel joining the hub, so no
  // change captured after it can be delivered before the channel listens).
  const { banned, watermark } = await banAndWatermark(context, auth);
  if (banned) return { reason: `Unauthorized: ${BANNED}` };
  // The socket cap again: another socket of the user may have joined while this one waited.
  if (hub.tooManySockets(auth, sink, limits.maxSocketsPerUser)) return { reason: TOO_MANY_SOCKETS };

  const broadcast = isObject(config.broadcast) ? config.broadcast : {};
  return {
    topic: frame.topic,
    subTopic,
    joinRef: frame.joinRef ?? frame.ref,
    private: isPrivate,
    selfBroadcast: broadcast.self === true,
    ackBroadcast: broadcast.ack === true,
    presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
    presenceEnabled,
    bindings: subscribeError ? [] : bindings,
    requested: bindings,
    watermark,
    auth,
    policies,
    subscribeError,
  };
}

/**
 * Whether the caller's user is banned now, and the last change id already captured (a new
 * subscriber receives only later ones).
 */
async function banAndWatermark(
  context: ConnectionContext,
  auth: ChannelAuth,
): Promise<{ banned: boolean; watermark: bigint }> {
  const sub = subOf(auth);
  const { rows } = await context.db.query<{ last: string; called: boolean; banned: boolean }>(
    `select s.last_value::text as last, s.is_called as called,
            exists (select from auth.users u where u.id = $1::uuid and u.banned_until > now()) as banned
       from _local.changes_id_seq s`,
    [sub !== null && isUserId(sub) ? sub : null],
  );
  const row = rows[0];
  if (!row) return { banned: false, watermark: 0n };
  return { banned: row.banned, watermark: row.called ? BigInt(row.last) : BigInt(row.last) - 1n };
}

/**
 * A joined channel's new access token: its caller and policies, or the message the channel is
 * shut down with (invalid token, banned user, read permission gone).
 */
export async function prepareRefresh(
  context: ConnectionContext,
  channel: ChannelState,
  token: unknown,
): Promise<{ auth: ChannelAuth; policies: Policies | null } | { message: string }> {
  const verified = await verifyChannelToken(context.app, token);
  if (!verified.ok) return { message: verified.message };
  if (await isBanned(context.db, verified.auth)) return { message: BANNED };
  if (!channel.private) return { auth: verified.auth, policies: null };
  const policies = await channelPolicies(context.db, verified.auth, channel.subTopic);
  const before = channel.policies;
  if ((before?.broadcast.read && !policies.broadcast.read) || (before?.presence.read && !policies.presence.read)) {
    return { message: `You no longer have permission to read from this Channel topic: ${channel.subTopic}` };
  }
  if (!mayJoin(policies, channel.presenceEnabled)) return { message: readRefused(channel.subTopic) };
  return { auth: verified.auth, policies };
}
