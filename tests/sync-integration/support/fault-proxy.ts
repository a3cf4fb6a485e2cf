/**
 * An HTTP proxy on 127.0.0.1 between the sync engine and the local backend that misbehaves the way
 * a campsite's network does, on the data paths (/rest/v1, /functions/v1, /storage/v1): it forwards
 * a request and then drops the response after the server committed it, answers 503 without
 * forwarding, delays, or cuts the connection before anything reaches the server. Auth and
 * everything else pass through. The fault of each request is drawn from a seeded generator.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'pass' | 'drop-response' | '503' | 'delay' | 'cut';

export interface FaultProxy {
  url: string;
  /** Share of data requests that get a fault (0 turns faults off). */
  rate: number;
  counts: Record<Fault, number>;
  /** Starts a new fault sequence. */
  reseed(seed: number): void;
  close(): Promise<void>;
}

/** A small seeded generator (mulberry32), so a failing run names the seed that made its faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAULTS: Fault[] = ['drop-response', '503', 'delay', 'cut'];

export async function startFaultProxy(target: string, seed: number, rate = 0.25): Promise<FaultProxy> {
  let random = seededRandom(seed);
  const upstream = new URL(target);
  const counts: Record<Fault, number> = { pass: 0, 'drop-response': 0, '503': 0, delay: 0, cut: 0 };

  const forward = (
    req: IncomingMessage,
    body: Buffer,
    onResponse: (status: number, headers: IncomingMessage['headers'], data: Buffer) => void,
    onError: () => void,
  ) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => onResponse(res.statusCode ?? 502, res.headers, Buffer.concat(chunks)));
        res.on('error', onError);
      },
    );
    out.on('error', onError);
    out.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const isData = /^\/(rest|functions|storage)\/v1\//.test(req.url ?? '');
    const fault: Fault = isData && random() < proxy.rate ? FAULTS[Math.floor(random() * FAULTS.length)] : 'pass';
    counts[fault]++;
    const reply = (status: number, headers: IncomingMessage['headers'], data: Buffer) => {
      const clean = { ...headers };
      delete clean['transfer-encoding'];
      delete clean['content-length'];
      res.writeHead(status, clean);
      res.end(data);
    };
    const fail = () => res.socket?.destroy();
    if (fault === 'cut') return void req.socket.destroy();
    if (fault === '503')
      return void reply(503, { 'content-type': 'application/json' }, Buffer.from('{"message":"Service Unavailable"}'));
    if (fault === 'drop-response') return void forward(req, body, () => req.socket.destroy(), fail);
    const delay = fault === 'delay' ? 20 + Math.floor(random() * 150) : 0;
    setTimeout(() => forward(req, body, reply, fail), delay);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    rate,
    counts,
    reseed: (next) => {
      random = seededRandom(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
