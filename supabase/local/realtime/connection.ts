/**
 * One Realtime WebSocket: its frames handled one at a time, in order, as Phoenix does for a
 * socket: heartbeat, `phx_join` (token, postgres_changes bindings, broadcast and presence
 * config, private channels authorised by realtime.messages' policies), `phx_leave`, `broadcast`,
 * `presence` (track, untrack), `access_token`, and the channel shutdown the hosted server
 * performs when a token is invalid or expires. Nothing a client sends can throw out of here: bad
 * frames are ignored or answered with an error reply.
 * Bounds: joins past the channel cap per socket or the socket cap per user are refused with the
 * hosted server's error shape; a banned user's token joins nothing; while too many frames wait,
 * the socket is not read (TCP holds the sender back); a socket that does not read what it is
 * sent is closed once its unsent data passes the limit.
 */
import type { WebSocket } from 'ws';
import type { App } from '../app.ts';
import type { Database } from '../db.ts';
import type { CatalogCache } from './catalog.ts';
import { prepareJoin, prepareRefresh } from './join.ts';
import { mayReadPresence, mayWritePresence, type ChannelSink, type ChannelState, type Hub } from './hub.ts';
import type { RealtimeLimits } from './limits.ts';
import {
  binaryBroadcastAsJson,
  decodeFrame,
  encodeBinaryBroadcast,
  encodeFrame,
  encodeFrameWithPayloadJson,
  type BinaryBroadcast,
  type Frame,
  type Vsn,
} from './protocol.ts';

const MAX_TIMER_MS = 2_147_483_647;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface ConnectionContext {
  app: App;
  /** The database lane that yields to API requests. */
  db: Database;
  catalogs: CatalogCache;
  hub: Hub;
  limits: RealtimeLimits;
  /** Told when a channel starts listening to changes (the dispatcher starts its timer). */
  onSubscribe: () => void;
}

export class Connection implements ChannelSink {
  private readonly channels = new Map<string, ChannelState>();
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private paused = false;
  private closed = false;
  private corked = false;
  /** Bytes sent in this turn of the event loop (held by the cork, not yet the client's to read). */
  private tickBytes = 0;

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    private readonly context: ConnectionContext,
    /** The socket's apikey: the token a channel acts with when it sends none. */
    private readonly apiKey: string,
  ) {}

  private get app(): App {
    return this.context.app;
  }

  private get hub(): Hub {
    return this.context.hub;
  }

  receive(data: Buffer, isBinary: boolean): void {
    const { maxPendingFrames } = this.context.limits;
    if (++this.pending >= maxPendingFrames && !this.paused) {
      this.paused = true;
      this.ws.pause();
    }
    this.queue = this.queue
      .then(() => this.handle(data, isBinary))
      .catch((error: unknown) => {
        if (!this.app.config.quiet) console.error('[realtime] frame failed', error);
      })
      .finally(() => {
        if (--this.pending <= maxPendingFrames / 4 && this.paused && !this.closed) {
          this.paused = false;
          this.ws.resume();
        }
      });
  }

  /** The socket closed: every channel leaves (presence untracked, timers stopped). */
  close(): void {
    this.closed = true;
    for (const channel of this.channels.values()) this.drop(channel);
    this.channels.clear();
  }

  push(channel: ChannelState, event: string, payload: unknown, withJoinRef = true): void {
    this.send({ joinRef: withJoinRef ? channel.joinRef : null, ref: null, topic: channel.topic, event, payload });
  }

  pushEncoded(channel: ChannelState, event: string, payloadJson: string): void {
    this.sendRaw(
      encodeFrameWithPayloadJson(this.vsn, { joinRef: null, ref: null, topic: channel.topic, event }, payloadJson),
    );
  }

  pushBinaryBroadcast(channel: ChannelState, broadcast: BinaryBroadcast): void {
    const outgoing = { ...broadcast, topic: channel.topic };
    if (this.vsn === '2.0.0') {
      const bytes = encodeBinaryBroadcast(outgoing);
      if (bytes) this.sendRaw(bytes);
      return;
    }
    const json = binaryBroadcastAsJson(outgoing);
    if (json) this.push(channel, 'broadcast', json, false);
  }

  private send(frame: Frame): void {
    this.sendRaw(encodeFrame(this.vsn, frame));
  }

  private sendRaw(data: string | Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount - this.tickBytes > this.context.limits.maxBufferedBytes) {
      // The client does not read what it is sent: close it rather than hold ever more for it
      // (the hosted server kills a socket whose process outgrows its memory limit). The client
      // reconnects, and a pull brings what it missed.
      if (!this.app.config.quiet) console.warn('[realtime] closing a socket that does not read its messages');
      this.closed = true;
      this.ws.terminate();
      return;
    }
    this.cork();
    this.tickBytes += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    try {
      this.ws.send(data);
    } catch {
      // a socket that fails to send is closing; its close handler cleans up
    }
  }

  /** Frames sent in one turn of the event loop leave in one write (a dispatch sends many). */
  private cork(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!socket) return;
    socket.cork();
    this.corked = true;
    process.nextTick(() => {
      this.corked = false;
      this.tickBytes = 0;
      socket.uncork();
    });
  }

  private reply(
    frame: { joinRef: string | null; ref: string | null; topic: string },
    status: 'ok' | 'error',
    response: unknown,
  ): void {
    if (frame.ref === null) return;
    this.send({
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  private async handle(data: Buffer, isBinary: boolean): Promise<void> {
    const incoming = decodeFrame(this.vsn, data, isBinary);
    if (!incoming || this.closed) return;
    if (incoming.kind === 'binaryBroadcast') {
      const { joinRef, ref, broadcast } = incoming;
      const channel = this.member(broadcast.topic, joinRef);
      const frame = { joinRef, ref, topic: broadcast.topic };
      if (!channel) return this.reply(frame, 'error', { reason: 'unmatched topic' });
      // a broadcast the channel may not send is dropped without an answer, as hosted does
      if (this.hub.broadcastBinary(channel, broadcast) && channel.ackBroadcast) this.reply(frame, 'ok', {});
      return;
    }
    const { frame } = incoming;
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') this.reply(frame, 'ok', {});
      return;
    }
    if (frame.event === 'phx_join') return this.join(frame);
    const channel = this.member(frame.topic, frame.joinRef);
    if (!channel) return this.reply(frame, 'error', { reason: 'unmatched topic' });
    switch (frame.event) {
      case 'phx_leave':
        this.reply(frame, 'ok', {});
        this.push(channel, 'phx_close', {});
        this.leave(channel);
        return;
      case 'broadcast':
        if (!isObject(frame.payload)) return this.reply(frame, 'error', { reason: 'invalid broadcast payload' });
        if (this.hub.broadcast(channel, frame.payload) && channel.ackBroadcast) this.reply(frame, 'ok', {});
        return;
      case 'presence':
        return this.presence(channel, frame);
      case 'access_token':
        return this.accessToken(channel, frame);
      default:
        // the hosted server ignores events it does not know
        return;
    }
  }

  private member(topic: string, joinRef: string | null): ChannelState | null {
    const channel = this.channels.get(topic);
    if (!channel) return null;
    if (joinRef !== null && channel.joinRef !== null && joinRef !== channel.joinRef) return null;
    return channel;
  }

  private async join(frame: Frame): Promise<void> {
    if (!frame.topic.startsWith('realtime:')) return this.reply(frame, 'error', { reason: 'unmatched topic' });
    if (frame.topic === 'realtime:') return this.reply(frame, 'error', { reason: 'You must provide a topic name' });
    const existing = this.channels.get(frame.topic);
    if (existing) {
      // Phoenix closes the previous join of a topic when the same socket joins it again.
      this.push(existing, 'phx_close', {});
      this.leave(existing);
    }
    const prepared = await prepareJoin(this.context, this, frame, this.apiKey, this.channels.size);
    if (this.closed) return;
    if ('reason' in prepared) return this.reply(frame, 'error', { reason: prepared.reason });
    const { subscribeError, requested: bindings, ...state } = prepared;
    const channel: ChannelState = { ...state, sink: this, expiryTimer: null };
    this.channels.set(frame.topic, channel);
    this.hub.add(channel);
    this.armExpiry(channel);
    this.reply(frame, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.params, id: b.id })) });
    if (bindings.length > 0) {
      this.systemMessage(
        channel,
        'postgres_changes',
        subscribeError ? 'error' : 'ok',
        subscribeError ?? 'Subscribed to PostgreSQL',
      );
      if (!subscribeError) this.context.onSubscribe();
    }
    if (channel.presenceEnabled && mayReadPresence(channel)) {
      this.push(channel, 'presence_state', this.hub.presenceState(channel));
    }
  }

  private presence(channel: ChannelState, frame: Frame): void {
    const payload = isObject(frame.payload) ? frame.payload : {};
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : '';
    if (event === 'track') {
      // the hosted server answers a track the policies do not allow with a bare error
      if (!mayWritePresence(channel)) return this.reply(frame, 'error', {});
      const meta = isObject(payload.payload) ? payload.payload : {};
      if (!channel.presenceEnabled) {
        channel.presenceEnabled = true;
        if (mayReadPresence(channel)) this.push(channel, 'presence_state', this.hub.presenceState(channel));
      }
      this.hub.track(channel, meta);
      return this.reply(frame, 'ok', {});
    }
    if (event === 'untrack') {
      this.hub.untrack(channel);
      return this.reply(frame, 'ok', {});
    }
    this.reply(frame, 'error', {});
  }

  private async accessToken(channel: ChannelState, frame: Frame): Promise<void> {
    const token = isObject(frame.payload) ? frame.payload.access_token : undefined;
    if (token === undefined || token === null || token === channel.auth.token) return;
    const refreshed = await prepareRefresh(this.context, channel, token);
    if (this.channels.get(channel.topic) !== channel) return;
    if ('message' in refreshed) return this.shutdown(channel, refreshed.message);
    channel.policies = refreshed.policies;
    this.hub.reauthorize(channel, refreshed.auth);
    this.armExpiry(channel);
    if (channel.bindings.length > 0) this.systemMessage(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }

  private armExpiry(channel: ChannelState): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    const remaining = channel.auth.expiresAt - Date.now();
    channel.expiryTimer = setTimeout(
      () => {
        channel.expiryTimer = null;
        if (this.channels.get(channel.topic) === channel) this.shutdown(channel, 'Token has expired 0 seconds ago');
      },
      Math.min(Math.max(remaining, 0), MAX_TIMER_MS),
    );
    channel.expiryTimer.unref();
  }

  /** The hosted server's channel shutdown: a `system` error, then the channel closes. */
  shutdown(channel: ChannelState, message: string): void {
    if (this.channels.get(channel.topic) !== channel) return;
    this.systemMessage(channel, 'system', 'error', message);
    this.push(channel, 'phx_close', {});
    this.leave(channel);
  }

  private systemMessage(channel: ChannelState, extension: string, status: 'ok' | 'error', message: string): void {
    this.push(channel, 'system', { extension, status, message, channel: channel.subTopic });
  }

  private leave(channel: ChannelState): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.drop(channel);
  }

  private drop(channel: ChannelState): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    channel.expiryTimer = null;
    this.hub.remove(channel);
  }
}
