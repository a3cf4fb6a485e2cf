/**
 * Helpers of the Realtime integration tests: waiting for a condition, and a raw Phoenix client
 * (`ws`, protocol 1.0.0 or 2.0.0) for cases supabase-js cannot express (hundreds of joins on one
 * socket, a socket that stops reading).
 */
import WebSocket from 'ws';

// Payloads are read field by field in assertions; a loose type keeps that readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export async function until<T>(what: string, get: () => T | undefined | false, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Raw {
  received: Json[] = [];
  closed = false;
  private ref = 0;

  constructor(
    readonly ws: WebSocket,
    readonly vsn: '1.0.0' | '2.0.0',
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return this.received.push({ binary: Buffer.from(data as Buffer) });
      const parsed = JSON.parse(String(data));
      this.received.push(
        Array.isArray(parsed)
          ? { join_ref: parsed[0], ref: parsed[1], topic: parsed[2], event: parsed[3], payload: parsed[4] }
          : parsed,
      );
    });
    ws.on('close', () => (this.closed = true));
    ws.on('error', () => {});
  }

  static async open(url: string, apiKey: string, vsn: '1.0.0' | '2.0.0' = '2.0.0'): Promise<Raw> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apiKey}&vsn=${vsn}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new Raw(ws, vsn);
  }

  push(topic: string, event: string, payload: unknown, joinRef: string | null = null): string {
    const ref = String(++this.ref);
    this.ws.send(
      this.vsn === '2.0.0'
        ? JSON.stringify([joinRef, ref, topic, event, payload])
        : JSON.stringify({ topic, event, payload, ref, join_ref: joinRef }),
    );
    return ref;
  }

  /** Joins `realtime:{topic}`; the ref of the join. */
  join(topic: string, payload: Json): string {
    const ref = String(this.ref + 1);
    return this.push(`realtime:${topic}`, 'phx_join', payload, ref);
  }

  reply(ref: string, ms?: number): Promise<Json> {
    return until(`reply ${ref}`, () => this.received.find((m) => m.event === 'phx_reply' && m.ref === ref), ms);
  }

  find(pred: (m: Json) => boolean, what = 'message', ms?: number): Promise<Json> {
    return until(what, () => this.received.find(pred), ms);
  }
}
