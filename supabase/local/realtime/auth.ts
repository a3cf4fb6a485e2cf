/**
 * Who a Realtime channel acts as: the access token sent with `phx_join` or a later
 * `access_token` event, else the socket's apikey, verified as the Realtime server verifies it
 * (signature, `exp` and `role` required, not expired), with its messages for the failures.
 */
import { decodeJwt } from 'jose';
import type { App } from '../app.ts';
import type { ApiRole, CallerContext } from '../db.ts';
import type { Claims } from '../jwt.ts';

export interface ChannelAuth {
  token: string;
  claims: Claims;
  role: ApiRole;
  /** Milliseconds since the epoch at which the token expires. */
  expiresAt: number;
}

export type AuthResult = { ok: true; auth: ChannelAuth } | { ok: false; message: string };

const ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

export async function verifyChannelToken(app: App, token: unknown): Promise<AuthResult> {
  if (typeof token !== 'string' || token === '') return { ok: false, message: 'Token claims must be a map' };
  const verified = await app.jwt.verify(token);
  if (!verified.ok) {
    if (verified.reason === 'expired') {
      let ago = 0;
      try {
        const exp = decodeJwt(token).exp;
        if (typeof exp === 'number') ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      } catch {
        ago = 0;
      }
      return { ok: false, message: `Token has expired ${ago} seconds ago` };
    }
    if (verified.reason === 'signature') return { ok: false, message: 'Failed to validate JWT signature' };
    return { ok: false, message: 'Token claims must be a map' };
  }
  const { claims } = verified;
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, message: 'Fields `role` and `exp` are required in JWT' };
  }
  if (claims.exp <= 0) return { ok: false, message: 'Token expiration time is invalid' };
  if (!ROLES.includes(claims.role)) return { ok: false, message: `Invalid role in JWT: ${claims.role}` };
  return {
    ok: true,
    auth: { token, claims, role: claims.role as ApiRole, expiresAt: claims.exp * 1000 },
  };
}

/** The caller a channel's RLS checks run as (what Realtime sets: the role and the claims). */
export function channelCaller(auth: ChannelAuth): CallerContext {
  return {
    role: auth.role,
    claims: auth.claims,
    method: 'GET',
    path: '/realtime/v1/websocket',
    headers: {},
  };
}
