/**
 * The joined channels of every socket, grouped by topic (public and private topics apart, as
 * the hosted server keeps them), with what flows between them: broadcast to the others on a
 * topic (and to the sender when it asked for `self`), and presence as Phoenix tracks it (one
 * meta per joined channel under its presence key, each with a `phx_ref`; `presence_state` for a
 * joiner, `presence_diff` with joins and leaves for everyone on the topic). On a private topic
 * the channel's policies (realtime.messages) decide: a broadcast from a channel that may not
 * send it is dropped, and only channels that may read broadcast or presence receive it. Also
 * counts, per user, the sockets that have a channel joined as that user.
 */
import { randomBytes } from 'node:crypto';
import type { ChannelAuth } from './auth.ts';
import { subOf, type Policies } from './authorization.ts';
import type { Binding } from './bindings.ts';
import type { BinaryBroadcast } from './protocol.ts';

/** What a channel needs from its socket to send. */
export interface ChannelSink {
  /** Sends an event to the channel; `joinRef` false for fan-out messages (Phoenix's fastlane). */
  push(channel: ChannelState, event: string, payload: unknown, withJoinRef?: boolean): void;
  /** The same with the payload already as JSON text (one encoding shared by many channels). */
  pushEncoded(channel: ChannelState, event: string, payloadJson: string): void;
  pushBinaryBroadcast(channel: ChannelState, broadcast: BinaryBroadcast): void;
  /** The hosted server's channel shutdown: a `system` error with `message`, then `phx_close`. */
  shutdown(channel: ChannelState, message: string): void;
}

export interface ChannelState {
  topic: string;
  subTopic: string;
  joinRef: string | null;
  private: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  bindings: Binding[];
  /** Changes with an id above this were captured after the subscription began. */
  watermark: bigint;
  auth: ChannelAuth;
  /** What a private channel's caller may do (null on a public channel: everything). */
  policies: Policies | null;
  sink: ChannelSink;
  expiryTimer: NodeJS.Timeout | null;
}

type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
type PresenceMap = Record<string, { metas: Meta[] }>;

function topicKey(channel: Pick<ChannelState, 'private' | 'topic'>): string {
  return `${channel.private ? 'private' : 'public'}|${channel.topic}`;
}

function phxRef(): string {
  return randomBytes(12).toString('base64url');
}

const mayReadBroadcast = (channel: ChannelState) => channel.policies?.broadcast.read ?? true;
export const mayReadPresence = (channel: ChannelState) => channel.policies?.presence.read ?? true;
export const mayWritePresence = (channel: ChannelState) => channel.policies?.presence.write ?? true;
const mayWriteBroadcast = (channel: ChannelState) => channel.policies?.broadcast.write ?? true;

export class Hub {
  private readonly topics = new Map<string, Set<ChannelState>>();
  /** topic key -> channel -> its tracked meta. */
  private readonly presences = new Map<string, Map<ChannelState, Meta>>();
  /** user id -> socket -> how many of its channels act as that user. */
  private readonly userSockets = new Map<string, Map<ChannelSink, number>>();

  add(channel: ChannelState): void {
    const key = topicKey(channel);
    let set = this.topics.get(key);
    if (!set) {
      set = new Set();
      this.topics.set(key, set);
    }
    set.add(channel);
    this.countUser(channel, 1);
  }

  /** Removes a channel (leave, close, disconnect), untracking its presence. */
  remove(channel: ChannelState): void {
    const key = topicKey(channel);
    const set = this.topics.get(key);
    if (set?.delete(channel)) {
      if (set.size === 0) this.topics.delete(key);
      this.countUser(channel, -1);
    }
    this.untrack(channel);
  }

  /** A channel's caller changed (access_token): it now counts for the new user. */
  reauthorize(channel: ChannelState, auth: ChannelAuth): void {
    const joined = this.has(channel);
    if (joined) this.countUser(channel, -1);
    channel.auth = auth;
    if (joined) this.countUser(channel, 1);
  }

  /** Whether one more socket acting as this user would be past `max` (this socket may already count). */
  tooManySockets(auth: ChannelAuth, sink: ChannelSink, max: number): boolean {
    const sub = subOf(auth);
    if (sub === null) return false;
    const sockets = this.userSockets.get(sub);
    if (!sockets || sockets.has(sink)) return false;
    return sockets.size >= max;
  }

  private countUser(channel: ChannelState, delta: 1 | -1): void {
    const sub = subOf(channel.auth);
    if (sub === null) return;
    let sockets = this.userSockets.get(sub);
    if (!sockets) {
      if (delta < 0) return;
      sockets = new Map();
      this.userSockets.set(sub, sockets);
    }
    const count = (sockets.get(channel.sink) ?? 0) + delta;
    if (count > 0) sockets.set(channel.sink, count);
    else sockets.delete(channel.sink);
    if (sockets.size === 0) this.userSockets.delete(sub);
  }

  /** Whether the channel is still joined (a change must not reach a channel that left). */
  has(channel: ChannelState): boolean {
    return this.topics.get(topicKey(channel))?.has(channel) ?? false;
  }

  /** All joined channels (the dispatcher walks them for postgres_changes). */
  channels(): ChannelState[] {
    const all: ChannelState[] = [];
    for (const set of this.topics.values()) all.push(...set);
    return all;
  }

  hasChangeSubscribers(): boolean {
    for (const set of this.topics.values()) {
      for (const channel of set) if (channel.bindings.length > 0) return true;
    }
    return false;
  }

  /** A channel's broadcast to its topic; false (and nothing sent) when it may not send there. */
  broadcast(from: ChannelState, payload: unknown): boolean {
    if (!mayWriteBroadcast(from)) return false;
    for (const channel of this.topics.get(topicKey(from)) ?? []) {
      if ((channel === from && !from.selfBroadcast) || !mayReadBroadcast(channel)) continue;
      channel.sink.push(channel, 'broadcast', payload, false);
    }
    return true;
  }

  /** A broadcast sent over HTTP (`/realtime/v1/api/broadcast`): to every channel on the topic. */
  broadcastToTopic(topic: string, isPrivate: boolean, payload: unknown): number {
    let reached = 0;
    for (const channel of this.topics.get(topicKey({ private: isPrivate, topic })) ?? []) {
      if (!mayReadBroadcast(channel)) continue;
      channel.sink.push(channel, 'broadcast', payload, false);
      reached++;
    }
    return reached;
  }

  broadcastBinary(from: ChannelState, broadcast: BinaryBroadcast): boolean {
    if (!mayWriteBroadcast(from)) return false;
    for (const channel of this.topics.get(topicKey(from)) ?? []) {
      if ((channel === from && !from.selfBroadcast) || !mayReadBroadcast(channel)) continue;
      channel.sink.pushBinaryBroadcast(channel, broadcast);
    }
    return true;
  }

  /** The topic's presence state as Phoenix groups it: key -> {metas}. */
  presenceState(channel: ChannelState): PresenceMap {
    const state: PresenceMap = {};
    for (const [owner, meta] of this.presences.get(topicKey(channel)) ?? []) {
      (state[owner.presenceKey] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }

  track(channel: ChannelState, payload: Record<string, unknown>): void {
    const key = topicKey(channel);
    let metas = this.presences.get(key);
    if (!metas) {
      metas = new Map();
      this.presences.set(key, metas);
    }
    const previous = metas.get(channel);
    const meta: Meta = { ...payload, phx_ref: phxRef() };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    metas.set(channel, meta);
    this.diff(
      channel,
      { [channel.presenceKey]: { metas: [meta] } },
      previous ? { [channel.presenceKey]: { metas: [previous] } } : {},
    );
  }

  untrack(channel: ChannelState): void {
    const key = topicKey(channel);
    const metas = this.presences.get(key);
    const previous = metas?.get(channel);
    if (!metas || !previous) return;
    metas.delete(channel);
    if (metas.size === 0) this.presences.delete(key);
    this.diff(channel, {}, { [channel.presenceKey]: { metas: [previous] } });
  }

  private diff(channel: ChannelState, joins: PresenceMap, leaves: PresenceMap): void {
    for (const other of this.topics.get(topicKey(channel)) ?? []) {
      if (mayReadPresence(other)) other.sink.push(other, 'presence_diff', { joins, leaves }, false);
    }
  }
}
