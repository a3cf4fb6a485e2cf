/**
 * The live side of an event's group chat that is not data: who has the chat open (Realtime
 * presence) and who is typing (broadcast), on one private channel per event: Realtime
 * Authorization (the realtime.messages policies) lets only the event's members join it, see who
 * is there and send presence or typing. Nothing here is stored or queued: offline, nobody shows
 * as online and typing is not sent. The messages themselves come through the sync engine (the
 * doorbell rings on chat_messages and a pull follows).
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

export interface ChatPerson {
  userId: string;
  name: string;
}

export interface ChatLiveState {
  /** Members with the chat open now (this user included), by user id. */
  online: ChatPerson[];
  /** Members typing now (this user excluded). */
  typing: ChatPerson[];
}

/** How long a "typing" lasts after the last keystroke broadcast. */
const TYPING_TTL_MS = 4000;

export interface ChatChannel {
  /** Tells the others this user is typing (call on input; throttled here). */
  typing(): void;
  /** Tells the others this user stopped (the message went out). */
  stoppedTyping(): void;
  close(): Promise<void>;
}

function people(state: Record<string, Array<{ user_id?: unknown; name?: unknown }>>): ChatPerson[] {
  const byId = new Map<string, ChatPerson>();
  for (const metas of Object.values(state)) {
    for (const meta of metas) {
      if (typeof meta.user_id === 'string') {
        byId.set(meta.user_id, { userId: meta.user_id, name: typeof meta.name === 'string' ? meta.name : '' });
      }
    }
  }
  return [...byId.values()];
}

async function authorizeRealtime(client: SupabaseClient): Promise<void> {
  try {
    const { data } = await client.auth.getSession();
    if (data.session) await client.realtime.setAuth(data.session.access_token);
  } catch {
    // no session to hand over: the join goes without it and is refused
  }
}

export function openChatChannel(
  client: SupabaseClient,
  eventId: string,
  me: ChatPerson,
  onChange: (state: ChatLiveState) => void,
): ChatChannel {
  const typingUntil = new Map<string, { person: ChatPerson; until: number }>();
  let online: ChatPerson[] = [];
  let lastSent = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const emit = () => {
    if (closed) return;
    const now = Date.now();
    for (const [id, entry] of typingUntil) if (entry.until <= now) typingUntil.delete(id);
    onChange({ online, typing: [...typingUntil.values()].map((entry) => entry.person) });
    if (timer) clearTimeout(timer);
    timer = null;
    if (typingUntil.size > 0) {
      const next = Math.min(...[...typingUntil.values()].map((entry) => entry.until));
      timer = setTimeout(emit, Math.max(50, next - now));
    }
  };

  const channel: RealtimeChannel = client.channel(`event-chat:${eventId}`, {
    config: { private: true, presence: { key: me.userId }, broadcast: { self: false } },
  });
  channel
    .on('presence', { event: 'sync' }, () => {
      online = people(channel.presenceState<{ user_id: string; name: string }>());
      emit();
    })
    .on('broadcast', { event: 'typing' }, ({ payload }) => {
      const data = payload as { user_id?: unknown; name?: unknown; stopped?: unknown };
      if (typeof data.user_id !== 'string' || data.user_id === me.userId) return;
      if (data.stopped === true) typingUntil.delete(data.user_id);
      else
        typingUntil.set(data.user_id, {
          person: { userId: data.user_id, name: typeof data.name === 'string' ? data.name : '' },
          until: Date.now() + TYPING_TTL_MS,
        });
      emit();
    });
  // A private channel is joined with the user's access token. supabase-js hands Realtime the
  // token on sign-in and refresh only, not for a session restored from storage when the app
  // starts: without this, the join would go as anon and be refused.
  void authorizeRealtime(client).then(() => {
    if (closed) return;
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') void channel.track({ user_id: me.userId, name: me.name });
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') {
        online = [];
        emit();
      }
    });
  });

  return {
    typing() {
      const now = Date.now();
      if (now - lastSent < TYPING_TTL_MS / 2 || channel.state !== 'joined') return;
      lastSent = now;
      void channel.send({ type: 'broadcast', event: 'typing', payload: { user_id: me.userId, name: me.name } });
    },
    stoppedTyping() {
      if (Date.now() - lastSent > TYPING_TTL_MS || channel.state !== 'joined') return;
      lastSent = 0;
      void channel.send({ type: 'broadcast', event: 'typing', payload: { user_id: me.userId, stopped: true } });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client.removeChannel(channel);
    },
  };
}
