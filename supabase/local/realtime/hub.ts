/**
 * The joined channels of every socket, grouped by topic (public and private topics apart, as
 * the hosted server keeps them), with what flows between them: broadcast to the others on a
 * topic (and to the sender when it asked for `self`), and presence as Phoenix tracks it (one
 * meta per joined channel under its presence key, each with a `phx_ref`; `presence_state` for a
 * joiner, `presence_diff` with joins and leaves for everyone on the topic).
 */
import { randomBytes } from 'node:crypto';
import type { ChannelAuth } from './auth.ts';
import type { Binding } from './bindings.ts';
import type { BinaryBroadcast } from './protocol.ts';

/** What a channel needs from its socket to send. */
export interface ChannelSink {
  /** Sends an event to the channel; `joinRef` false for fan-out messages (Phoenix's fastlane). */
  push(channel: ChannelState, event: string, payload: unknown, withJoinRef?: boolean): void;
  pushBinaryBroadcast(channel: ChannelState, broadcast: BinaryBroadcast): void;
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

export class Hub {
  private readonly topics = new Map<string, Set<ChannelState>>();
  /** topic key -> channel -> its tracked meta. */
  private readonly presences = new Map<string, Map<ChannelState, Meta>>();

  add(channel: ChannelState): void {
    const key = topicKey(channel);
    let set = this.topics.get(key);
    if (!set) {
      set = new Set();
      this.topics.set(key, set);
    }
    set.add(channel);
  }

  /** Removes a channel (leave, close, disconnect), untracking its presence. */
  remove(channel: ChannelState): void {
    const key = topicKey(channel);
    const set = this.topics.get(key);
    if (set) {
      set.delete(channel);
      if (set.size === 0) this.topics.delete(key);
    }
    this.untrack(channel);
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

  broadcast(from: ChannelState, payload: unknown): void {
    for (const channel of this.topics.get(topicKey(from)) ?? []) {
      if (channel === from && !from.selfBroadcast) continue;
      channel.sink.push(channel, 'broadcast', payload, false);
    }
  }

  /** A broadcast sent over HTTP (`/realtime/v1/api/broadcast`): to every channel on the topic. */
  broadcastToTopic(topic: string, isPrivate: boolean, payload: unknown): number {
    const channels = this.topics.get(topicKey({ private: isPrivate, topic })) ?? new Set();
    for (const channel of channels) channel.sink.push(channel, 'broadcast', payload, false);
    return channels.size;
  }

  broadcastBinary(from: ChannelState, broadcast: BinaryBroadcast): void {
    for (const channel of this.topics.get(topicKey(from)) ?? []) {
      if (channel === from && !from.selfBroadcast) continue;
      channel.sink.pushBinaryBroadcast(channel, broadcast);
    }
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
      other.sink.push(other, 'presence_diff', { joins, leaves }, false);
    }
  }
}
