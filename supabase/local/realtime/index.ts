/**
 * `/realtime/v1/websocket`: Supabase Realtime's Phoenix channels on the backend's HTTP server.
 * The upgrade is accepted for that path only, with one of the project's API keys (as Kong
 * requires) and a protocol version realtime-js speaks (`vsn` 1.0.0 or 2.0.0); each socket is a
 * `Connection`, channels meet in the `Hub`, the `Dispatcher` turns captured row changes into
 * `postgres_changes` messages checked against RLS, and the `Guard` shuts the channels of banned
 * users. All their database work goes through `db`, the lane that yields to API requests.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { apiKeyFailure, type App } from '../app.ts';
import type { Database } from '../db.ts';
import { CatalogCache } from './catalog.ts';
import { Connection, type ConnectionContext } from './connection.ts';
import { Dispatcher } from './dispatcher.ts';
import { Guard } from './guard.ts';
import { Hub } from './hub.ts';
import type { RealtimeLimits } from './limits.ts';
import type { Vsn } from './protocol.ts';

export interface Realtime {
  /** The channels in use, for the HTTP broadcast API. */
  readonly hub: Hub;
  /** The database lane Realtime uses (it yields to API requests). */
  readonly db: Database;
  /** A request may have written rows: deliver the captured changes soon. */
  wake(): void;
  /** Closes every socket and stops the dispatcher. */
  close(): Promise<void>;
}

const PATH = '/realtime/v1/websocket';
const MAX_FRAME_BYTES = 1024 * 1024;

export function attachRealtime(app: App, server: Server, db: Database, limits: RealtimeLimits): Realtime {
  const hub = new Hub();
  const catalogs = new CatalogCache(db);
  const dispatcher = new Dispatcher(db, catalogs, hub, app.config.quiet);
  const guard = new Guard(db, hub, limits.recheckMs, app.config.quiet);
  const context: ConnectionContext = { app, db, catalogs, hub, limits, onSubscribe: () => dispatcher.wake() };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  wss.on('error', () => {});
  const sockets = new Set<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      socket.destroy();
      return;
    }
    if (url.pathname !== PATH) {
      socket.destroy();
      return;
    }
    const header = req.headers.apikey ?? req.headers['x-api-key'];
    const apiKey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : undefined);
    if (!apiKey || (apiKey !== app.anonKey && apiKey !== app.serviceRoleKey)) {
      const failure = apiKeyFailure(apiKey ? 'bad_apikey' : 'no_apikey');
      refuse(socket, 401, failure?.body ?? { message: 'Invalid API key' });
      return;
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') {
      refuse(socket, 403, { message: `Unsupported protocol version: ${vsn}` });
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      const connection = new Connection(ws, vsn as Vsn, context, apiKey);
      ws.on('message', (data: RawData, isBinary: boolean) => connection.receive(toBuffer(data), isBinary));
      ws.on('close', () => {
        sockets.delete(ws);
        connection.close();
      });
      ws.on('error', () => ws.terminate());
    });
  });

  return {
    hub,
    db,
    wake: () => dispatcher.wake(),
    async close() {
      guard.close();
      for (const ws of sockets) ws.terminate();
      sockets.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await dispatcher.close();
    },
  };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function refuse(socket: Duplex, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const reason = status === 401 ? 'Unauthorized' : 'Forbidden';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
