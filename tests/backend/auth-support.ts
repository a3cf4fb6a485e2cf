/**
 * Helpers for the auth endpoint tests (auth-*.test.ts): a supabase-js client that speaks from a
 * loopback address of its own (so a per-client limit is its own), the code an authenticator app
 * shows for a secret, a token's claims and the mails the backend sent to an address.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { request } from 'node:http';
import * as OTPAuth from 'otpauth';
import WebSocket from 'ws';
import type { TestBackend } from '../support/backend.ts';

/** A fetch from a chosen loopback address (Node's fetch cannot choose its source address). */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const body = init?.body === undefined || init.body === null ? undefined : String(init.body);
    return new Promise<Response>((resolve, reject) => {
      const req = request(
        url,
        { method: init?.method ?? 'GET', headers: Object.fromEntries(headers), localAddress, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const replyHeaders = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (typeof value === 'string') replyHeaders.set(name, value);
            }
            const status = res.statusCode ?? 0;
            const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, headers: replyHeaders }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

/** A signed-out supabase-js client; from `localAddress` when given; PKCE when asked. */
export function clientOf(
  backend: TestBackend,
  options: { localAddress?: string; flowType?: 'pkce' | 'implicit'; key?: string } = {},
): SupabaseClient {
  return createClient(backend.url, options.key ?? backend.anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: options.localAddress ? { fetch: fetchFrom(options.localAddress) } : {},
  });
}

/** The code an authenticator app shows now for this secret (or `offset` periods away). */
export function totpCode(secret: string, offset = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export interface SentMail {
  subject: string;
  body: string;
  link: string | null;
}

/** The mails sent to `email`, newest first. */
export async function mailsTo(backend: TestBackend, email: string): Promise<SentMail[]> {
  const res = await fetch(`${backend.url}/_dev/mail?format=json&to=${encodeURIComponent(email)}`);
  return (await res.json()) as SentMail[];
}

/** The six-digit code of the newest mail to `email`. */
export async function mailedCode(backend: TestBackend, email: string): Promise<string> {
  const [mail] = await mailsTo(backend, email);
  const code = /(\d{6})\s*$/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}: ${JSON.stringify(mail)}`);
  return code;
}
