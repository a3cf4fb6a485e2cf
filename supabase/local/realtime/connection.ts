/**
 * One Realtime WebSocket: its frames handled one at a time, in order, as Phoenix does for a
 * socket: heartbeat, `phx_join` (token, postgres_changes bindings, broadcast and presence
 * config), `phx_leave`, `broadcast`, `presence` (track, untrack), `access_token`, and the
 * channel shutdown the hosted server performs when a token is invalid or expires. Nothing a
 * client sends can throw out of here: bad frames are ignored or answered with an error reply.
 */
import type { WebSocket } from 'ws';
import type { App } from '../app.ts';
import { randomUUID } from 'node:crypto';
import { verifyChannelToken } from './auth.ts';
import { parseBindings, validateBindings } from './bindings.ts';
import type { ChannelSink, ChannelState, Hub } from './hub.ts';
import {
  binaryBroadcastAsJson,
  decodeFrame,
  encodeBinaryBroadcast,
  encodeFrame,
  type BinaryBroadcast,
  type Frame,
  type Vsn,
} from './protocol.ts';

const MAX_TIMER_MS = 2_147_483_647;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class Connection implements ChannelSink {
  private readonly channels = new Map<string, ChannelState>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    private readonly app: App,
    private readonly hub: Hub,
    /** The socket's apikey: the token a channel acts with when it sends none. */
    private readonly apiKey: string,
    /** Told when a channel starts listening to changes (the dispatcher starts its timer). */
    private readonly onSubscribe: () => void,
  ) {}

  receive(data: Buffer, isBinary: boolean): void {
    this.queue = this.queue
      .then(() => this.handle(data, isBinary))
      .catch((error: unknown) => {
        if (!this.app.config.quiet) console.error('[realtime] frame failed', error);
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
    try {
      this.ws.send(data);
    } catch {
      // a socket that fails to send is closing; its close handler cleans up
    }
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
      this.hub.broadcastBinary(channel, broadcast);
      if (channel.ackBroadcast) this.reply(frame, 'ok', {});
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
        this.hub.broadcast(channel, frame.payload);
        if (channel.ackBroadcast) this.reply(frame, 'ok', {});
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
    const subTopic = frame.topic.slice('realtime:'.length);
    if (subTopic === '') return this.reply(frame, 'error', { reason: 'You must provide a topic name' });
    const existing = this.channels.get(frame.topic);
    if (existing) {
      // Phoenix closes the previous join of a topic when the same socket joins it again.
      this.push(existing, 'phx_close', {});
      this.leave(existing);
    }
    const payload = isObject(frame.payload) ? frame.payload : {};
    const config = isObject(payload.config) ? payload.config : {};
    const token =
      typeof payload.access_token === 'string'
        ? payload.access_token
        : typeof payload.user_token === 'string'
          ? payload.user_token
          : this.apiKey;
    const verified = await verifyChannelToken(this.app, token);
    if (!verified.ok) return this.reply(frame, 'error', { reason: verified.message });
    const isPrivate = config.private === true;
    if (isPrivate && verified.auth.role !== 'service_role') {
      // No realtime.messages policy grants reading a private topic on this backend.
      return this.reply(frame, 'error', {
        reason: `You do not have permissions to read from this Channel topic: ${subTopic}`,
      });
    }
    const bindings = parseBindings(config.postgres_changes);
    if (typeof bindings === 'string') return this.reply(frame, 'error', { reason: bindings });
    const subscribeError = bindings.length > 0 ? await validateBindings(this.app.db, bindings) : null;
    const watermark = await this.watermark();
    if (this.closed) return;

    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const presence = isObject(config.presence) ? config.presence : {};
    const channel: ChannelState = {
      topic: frame.topic,
      subTopic,
      joinRef: frame.joinRef ?? frame.ref,
      private: isPrivate,
      selfBroadcast: broadcast.self === true,
      ackBroadcast: broadcast.ack === true,
      presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
      presenceEnabled: presence.enabled === undefined ? true : presence.enabled === true,
      bindings: subscribeError ? [] : bindings,
      watermark,
      auth: verified.auth,
      sink: this,
      expiryTimer: null,
    };
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
      if (!subscribeError) this.onSubscribe();
    }
    if (channel.presenceEnabled) this.push(channel, 'presence_state', this.hub.presenceState(channel));
  }

  /** The last change id already captured: a new subscriber receives only later ones. */
  private async watermark(): Promise<bigint> {
    const { rows } = await this.app.db.query<{ last: string; called: boolean }>(
      'select last_value::text as last, is_called as called from _local.changes_id_seq',
    );
    const row = rows[0];
    if (!row) return 0n;
    return row.called ? BigInt(row.last) : BigInt(row.last) - 1n;
  }

  private presence(channel: ChannelState, frame: Frame): void {
    const payload = isObject(frame.payload) ? frame.payload : {};
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : '';
    if (event === 'track') {
      const meta = isObject(payload.payload) ? payload.payload : {};
      if (!channel.presenceEnabled) {
        channel.presenceEnabled = true;
        this.push(channel, 'presence_state', this.hub.presenceState(channel));
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
    const verified = await verifyChannelToken(this.app, token);
    if (this.channels.get(channel.topic) !== channel) return;
    if (!verified.ok) return this.shutdown(channel, verified.message);
    if (channel.private && verified.auth.role !== 'service_role') {
      return this.shutdown(channel, `You do not have permissions to read from this Channel topic: ${channel.subTopic}`);
    }
    channel.auth = verified.auth;
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
  private shutdown(channel: ChannelState, message: string): void {
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
