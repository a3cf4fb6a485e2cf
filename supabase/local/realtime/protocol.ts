/**
 * Phoenix channel frames as the Realtime server reads and writes them: protocol 1.0.0 (JSON
 * objects `{topic, event, payload, ref}`), protocol 2.0.0 (JSON arrays `[join_ref, ref, topic,
 * event, payload]`) and 2.0.0's binary broadcast frames (a client's "user broadcast push", kind 3,
 * and the server's "user broadcast", kind 4, as realtime-js's serializer encodes and decodes them).
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose payload travels as bytes after a binary header (JSON text or raw bytes). */
export interface BinaryBroadcast {
  topic: string;
  event: string;
  /** Encoding of `payload`: 1 is JSON text, 0 is opaque bytes. */
  encoding: 0 | 1;
  payload: Buffer;
  metadata: string;
}

export type Incoming =
  | { kind: 'frame'; frame: Frame }
  | { kind: 'binaryBroadcast'; joinRef: string | null; ref: string | null; broadcast: BinaryBroadcast };

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

function optionalString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Decodes one WebSocket message; null when it is not a frame this server understands. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Incoming | null {
  if (isBinary) return vsn === '2.0.0' ? decodeBinaryPush(data) : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return {
      kind: 'frame',
      frame: { joinRef: optionalString(joinRef), ref: optionalString(ref), topic, event, payload: payload ?? {} },
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const message = parsed as Record<string, unknown>;
  if (typeof message.topic !== 'string' || typeof message.event !== 'string') return null;
  return {
    kind: 'frame',
    frame: {
      joinRef: optionalString(message.join_ref),
      ref: optionalString(message.ref),
      topic: message.topic,
      event: message.event,
      payload: message.payload ?? {},
    },
  };
}

function decodeBinaryPush(data: Buffer): Incoming | null {
  // kind, join_ref size, ref size, topic size, event size, metadata size, payload encoding
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const sizes = [data[1], data[2], data[3], data[4], data[5]];
  const encoding = data[6];
  if (encoding !== 0 && encoding !== 1) return null;
  let offset = 7;
  const parts: string[] = [];
  for (const size of sizes) {
    if (offset + size > data.length) return null;
    parts.push(data.subarray(offset, offset + size).toString('utf8'));
    offset += size;
  }
  const [joinRef, ref, topic, event, metadata] = parts;
  return {
    kind: 'binaryBroadcast',
    joinRef: joinRef || null,
    ref: ref || null,
    broadcast: { topic, event, encoding, payload: Buffer.from(data.subarray(offset)), metadata },
  };
}

/** Encodes a frame as text for the socket's protocol version. */
export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  }
  return JSON.stringify({ topic: frame.topic, event: frame.event, payload: frame.payload, ref: frame.ref });
}

/** The same as `encodeFrame`, for a payload already encoded as JSON text. */
export function encodeFrameWithPayloadJson(vsn: Vsn, frame: Omit<Frame, 'payload'>, payloadJson: string): string {
  if (vsn === '2.0.0') {
    const head = JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event]);
    return `${head.slice(0, -1)},${payloadJson}]`;
  }
  return `{"topic":${JSON.stringify(frame.topic)},"event":${JSON.stringify(frame.event)},"payload":${payloadJson},"ref":${JSON.stringify(frame.ref)}}`;
}

/** The server's binary "user broadcast" frame (kind 4) for protocol 2.0.0. */
export function encodeBinaryBroadcast(broadcast: BinaryBroadcast): Buffer | null {
  const topic = Buffer.from(broadcast.topic, 'utf8');
  const event = Buffer.from(broadcast.event, 'utf8');
  const metadata = Buffer.from(broadcast.metadata, 'utf8');
  if (topic.length > 255 || event.length > 255 || metadata.length > 255) return null;
  const header = Buffer.from([KIND_USER_BROADCAST, topic.length, event.length, metadata.length, broadcast.encoding]);
  return Buffer.concat([header, topic, event, metadata, broadcast.payload]);
}

/** The JSON form of a binary broadcast (for 1.0.0 sockets); null when its payload is raw bytes. */
export function binaryBroadcastAsJson(broadcast: BinaryBroadcast): Record<string, unknown> | null {
  if (broadcast.encoding !== 1) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(broadcast.payload.toString('utf8'));
  } catch {
    return null;
  }
  const message: Record<string, unknown> = { type: 'broadcast', event: broadcast.event, payload };
  if (broadcast.metadata) {
    try {
      message.meta = JSON.parse(broadcast.metadata);
    } catch {
      // metadata that is not JSON is dropped
    }
  }
  return message;
}
