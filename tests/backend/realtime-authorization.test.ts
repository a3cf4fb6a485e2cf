/**
 * Realtime Authorization and suspension against the real local backend and the product's
 * migrations: the event chat's presence and typing channel (src/sync/chat-channel.ts) is private,
 * and the realtime.messages policies let only the event's members join it, see who is there and
 * send there; a suspended user's token, still unexpired, is refused on Realtime and their open
 * channels stop receiving.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openChatChannel, type ChatLiveState } from '../../src/sync/chat-channel.ts';
import { account, type Account } from '../support/accounts.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { sleep, until, type Json } from './realtime-support.ts';

let backend: TestBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
});
afterEach(async () => {
  for (const client of clients.splice(0)) {
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
});
afterAll(async () => {
  await backend?.stop();
});

function track<T extends { client: SupabaseClient }>(value: T): T {
  clients.push(value.client);
  return value;
}

/** An event made by `creator` (an organizer) with these members besides. */
async function event(creator: Account, ...members: Account[]): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.events (name, created_by, status, access_tier) values ('Crew', $1, 'active', 'organizer') returning id`,
    [creator.userId],
  );
  for (const member of members) {
    await backend.db.query(`insert into public.event_members (event_id, user_id, role) values ($1, $2, 'member')`, [
      rows[0].id,
      member.userId,
    ]);
  }
  return rows[0].id;
}

/**
 * A client whose session is read from storage when it starts, as the app's is after a reload:
 * supabase-js then emits no SIGNED_IN, and hands Realtime no token by itself.
 */
async function restored(who: Account): Promise<SupabaseClient> {
  const { data } = await who.client.auth.getSession();
  const stored = new Map<string, string>([['restored-session', JSON.stringify(data.session)]]);
  const client = createClient(backend.url, backend.anonKey, {
    auth: {
      storageKey: 'restored-session',
      storage: {
        getItem: (key) => stored.get(key) ?? null,
        setItem: (key, value) => void stored.set(key, value),
        removeItem: (key) => void stored.delete(key),
      },
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  clients.push(client);
  return client;
}

/** A client with the anon key, acting with `token` when given (an old token kept by a client). */
async function keyClient(token?: string): Promise<SupabaseClient> {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    ...(token ? { accessToken: async () => token } : {}),
  });
  clients.push(client);
  if (token) await client.realtime.setAuth();
  return client;
}

interface Joined {
  channel: RealtimeChannel;
  statuses: string[];
  errors: Error[];
  system: Json[];
  broadcasts: Json[];
  changes: Json[];
}

/** Joins a channel the way the app's code would, recording everything that comes back. */
function join(client: SupabaseClient, name: string, options: { private?: boolean; changes?: boolean } = {}): Joined {
  const channel = client.channel(name, { config: { private: options.private ?? false } });
  const joined: Joined = { channel, statuses: [], errors: [], system: [], broadcasts: [], changes: [] };
  channel.on('system', {}, (payload: Json) => joined.system.push(payload));
  channel.on('broadcast', { event: '*' }, (payload: Json) => joined.broadcasts.push(payload));
  if (options.changes) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table: 'chat_messages' }, (payload: Json) =>
      joined.changes.push(payload),
    );
  }
  channel.subscribe((status, error) => {
    joined.statuses.push(status);
    if (error) joined.errors.push(error);
  });
  return joined;
}

const readRefused = (eventId: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: event-chat:${eventId}`;

async function broadcastOverHttp(token: string, eventId: string, payload: Json): Promise<number> {
  const response = await fetch(`${backend.url}/realtime/v1/api/broadcast`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ topic: `event-chat:${eventId}`, event: 'typing', payload, private: true }] }),
  });
  return response.status;
}

describe("the event chat's presence and typing channel", () => {
  it('lets members share presence and typing, also with a session restored from storage', async () => {
    const ana = track(await account(backend, 'Ana', { tier: 'organizer' }));
    const ben = track(await account(backend, 'Ben'));
    const eventId = await event(ana, ben);
    const anaStates: ChatLiveState[] = [];
    const benStates: ChatLiveState[] = [];
    const anaChat = openChatChannel(await restored(ana), eventId, { userId: ana.userId, name: 'Ana' }, (s) =>
      anaStates.push(s),
    );
    const benChat = openChatChannel(ben.client, eventId, { userId: ben.userId, name: 'Ben' }, (s) => benStates.push(s));
    const both = (states: ChatLiveState[]) => () => states.at(-1)?.online.length === 2;
    await until('Ana sees both online', both(anaStates));
    await until('Ben sees both online', both(benStates));
    expect(
      anaStates
        .at(-1)!
        .online.map((p) => p.name)
        .sort(),
    ).toEqual(['Ana', 'Ben']);
    benChat.typing();
    await until('Ana sees Ben typing', () => anaStates.at(-1)?.typing.some((p) => p.userId === ben.userId));
    await anaChat.close();
    await benChat.close();
  });

  it('refuses a non-member and the anon key with the hosted error; they see nobody there', async () => {
    const ana = track(await account(backend, 'Ana', { tier: 'organizer' }));
    const eve = track(await account(backend, 'Eve'));
    const eventId = await event(ana);
    const anaStates: ChatLiveState[] = [];
    const anaChat = openChatChannel(ana.client, eventId, { userId: ana.userId, name: 'Ana' }, (s) => anaStates.push(s));
    await until('Ana online', () => anaStates.at(-1)?.online.length === 1);

    for (const client of [eve.client, await keyClient()]) {
      const refused = join(client, `event-chat:${eventId}`, { private: true });
      await until('refused', () => refused.errors[0]);
      expect(refused.errors[0].message).toBe(readRefused(eventId));
    }
    const eveStates: ChatLiveState[] = [];
    const eveChat = openChatChannel(eve.client, eventId, { userId: eve.userId, name: 'Eve' }, (s) => eveStates.push(s));
    // The public topic of the same name (where the chat's channel used to be) shows no member. On a
    // client of its own: supabase-js hands back the existing channel for a topic it already has.
    const eavesdropper = await keyClient(eve.accessToken);
    const eavesdrop = eavesdropper.channel(`event-chat:${eventId}`, { config: { presence: { key: eve.userId } } });
    let listening = false;
    eavesdrop.subscribe((status) => {
      if (status !== 'SUBSCRIBED') return;
      listening = true;
      void eavesdrop.track({ user_id: eve.userId, name: 'Eve' });
    });
    await until('the eavesdropper listens', () => listening);
    await sleep(800);
    expect(Object.keys(eavesdrop.presenceState())).not.toContain(ana.userId);
    expect(eveStates.flatMap((s) => s.online)).toEqual([]);
    expect(anaStates.at(-1)!.online.map((p) => p.userId)).toEqual([ana.userId]);
    await eveChat.close();
    await anaChat.close();
  });

  it('drops typing and presence a non-member or the anon key sends there; takes a member’s', async () => {
    const ana = track(await account(backend, 'Ana', { tier: 'organizer' }));
    const ben = track(await account(backend, 'Ben'));
    const eve = track(await account(backend, 'Eve'));
    const eventId = await event(ana, ben);
    const anaStates: ChatLiveState[] = [];
    const anaChat = openChatChannel(ana.client, eventId, { userId: ana.userId, name: 'Ana' }, (s) => anaStates.push(s));
    await until('Ana online', () => anaStates.at(-1)?.online.length === 1);

    expect(await broadcastOverHttp(eve.accessToken, eventId, { user_id: eve.userId, name: 'Eve' })).toBe(202);
    expect(await broadcastOverHttp(backend.anonKey, eventId, { user_id: 'fake', name: 'Nobody' })).toBe(202);
    // From a channel that could not join, supabase-js sends over HTTP: dropped as well.
    const eveChannel = join(eve.client, `event-chat:${eventId}`, { private: true });
    await until('refused', () => eveChannel.errors[0]);
    await eveChannel.channel.send({
      type: 'broadcast',
      event: 'typing',
      payload: { user_id: eve.userId, name: 'Eve' },
    });
    expect(await broadcastOverHttp(ben.accessToken, eventId, { user_id: ben.userId, name: 'Ben' })).toBe(202);
    await until('Ana sees Ben typing', () => anaStates.at(-1)?.typing.length);
    expect(anaStates.flatMap((s) => s.typing.map((p) => p.name))).not.toContain('Eve');
    expect(anaStates.flatMap((s) => s.typing.map((p) => p.name))).not.toContain('Nobody');
    expect(anaStates.at(-1)!.online.map((p) => p.userId)).toEqual([ana.userId]);
    await anaChat.close();
  });

  it('closes the channel of a member removed from the event when their token is refreshed', async () => {
    const ana = track(await account(backend, 'Ana', { tier: 'organizer' }));
    const ben = track(await account(backend, 'Ben'));
    const eventId = await event(ana, ben);
    const benChannel = join(ben.client, `event-chat:${eventId}`, { private: true });
    await until('Ben joined', () => benChannel.statuses.includes('SUBSCRIBED'));
    await backend.db.query(`update public.event_members set deleted_at = now() where event_id = $1 and user_id = $2`, [
      eventId,
      ben.userId,
    ]);
    // A token signed in the same second as the last one is the same token: nothing to send.
    await sleep(1100);
    const refreshed = await ben.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.access_token).not.toBe(ben.accessToken);
    await until('shut down', () => benChannel.system.find((m) => m.status === 'error'));
    expect(benChannel.system.find((m) => m.status === 'error')).toMatchObject({
      extension: 'system',
      message: `You no longer have permission to read from this Channel topic: event-chat:${eventId}`,
    });
    await until('closed', () => benChannel.statuses.includes('CLOSED'));
  });
});

describe('a suspended user', () => {
  it('is refused on Realtime with their old token, and their open channels stop receiving', async () => {
    const ana = track(await account(backend, 'Ana', { tier: 'organizer' }));
    const dan = track(await account(backend, 'Dan'));
    const eventId = await event(ana, dan);
    const changes = join(dan.client, `doorbell-${dan.userId}`, { changes: true });
    const chat = join(dan.client, `event-chat:${eventId}`, { private: true });
    await until('Dan joined', () => changes.statuses.includes('SUBSCRIBED') && chat.statuses.includes('SUBSCRIBED'));
    await ana.client.from('chat_messages').insert({ event_id: eventId, body: 'before' });
    await until('Dan got the message', () => changes.changes.length === 1);

    const admin = backend.service().auth.admin;
    expect((await admin.updateUserById(dan.userId, { ban_duration: '24h' })).error).toBeNull();
    // The old token has not expired, but nothing of Realtime works with it any more.
    await ana.client.from('chat_messages').insert({ event_id: eventId, body: 'after' });
    for (const joined of [changes, chat]) {
      await until('shut down', () => joined.system.find((m) => m.status === 'error'), 5000);
      expect(joined.system.find((m) => m.status === 'error')).toMatchObject({ message: 'User is banned' });
    }
    await sleep(300);
    expect(changes.changes.map((c) => c.new.body)).toEqual(['before']);

    const again = join(await keyClient(dan.accessToken), `doorbell-${dan.userId}-2`, { changes: true });
    await until('refused', () => again.errors[0]);
    expect(again.errors[0].message).toBe('Unauthorized: User is banned');
    const privateAgain = join(await keyClient(dan.accessToken), `event-chat:${eventId}`, { private: true });
    await until('refused', () => privateAgain.errors[0]);
    expect(privateAgain.errors[0].message).toBe('Unauthorized: User is banned');

    // A channel whose token is refreshed to the banned user's is shut down too.
    const zoe = track(await account(backend, 'Zoe'));
    const zoes = join(zoe.client, `room-${zoe.userId}`);
    await until('Zoe joined', () => zoes.statuses.includes('SUBSCRIBED'));
    await zoe.client.realtime.setAuth(dan.accessToken);
    await until('shut down', () => zoes.system.find((m) => m.status === 'error'));
    expect(zoes.system.find((m) => m.status === 'error')).toMatchObject({ message: 'User is banned' });
  });
});
