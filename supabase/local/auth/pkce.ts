/**
 * PKCE (RFC 7636) as GoTrue runs it for mailed links: a request that sends `code_challenge` and
 * `code_challenge_method` (supabase-js with `flowType: 'pkce'`) records a flow state in
 * `auth.flow_state` and mails a `pkce_`-prefixed token; opening the link verifies the token and
 * redirects with `?code=<auth code>` instead of tokens in the fragment; `POST
 * /token?grant_type=pkce` then trades the auth code and the verifier for a session, once, within
 * five minutes. The session is never in a URL, so a leaked link or history entry is worth nothing
 * without the verifier the requesting browser kept.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import type { Queryable } from '../db.ts';
import { ok } from './account.ts';
import { readBody, str } from './body.ts';
import { AuthError, badRequest, notFound, unprocessable } from './errors.ts';
import { issueSession, type AuthMethod } from './sessions.ts';
import { findUserById, isBanned } from './users.ts';
import type { Json } from './util.ts';

const FLOW_STATE_EXPIRY_MS = 300 * 1000;
const CODE_CHALLENGE = /^[a-zA-Z._~0-9-]+$/;

export interface PkceParams {
  challenge: string;
  method: string;
}

/** GoTrue's validatePKCEParams; null for an implicit-flow request. */
export function pkceParams(body: Json): PkceParams | null {
  const challenge = str(body, 'code_challenge');
  const method = str(body, 'code_challenge_method');
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (!challenge) return null;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!CODE_CHALLENGE.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const normalised = method.toLowerCase();
  if (normalised !== 's256' && normalised !== 'plain') {
    throw badRequest('validation_failed', `unsupported code_challenge method "${method}"`);
  }
  return { challenge, method: normalised };
}

/** Records the flow state of a PKCE request for `userId`, signed in later by `method`. */
export async function createFlowState(
  tx: Queryable,
  userId: string,
  method: AuthMethod,
  pkce: PkceParams,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, now(), now(), $6)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, method],
  );
}

/** GoTrue's issueAuthCode: the auth code of the user's latest flow state for `method`. */
export async function issueAuthCode(tx: Queryable, userId: string, method: AuthMethod): Promise<string> {
  const flow = (
    await tx.query<{ id: string; auth_code: string }>(
      `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
       order by created_at desc limit 1`,
      [userId, method],
    )
  ).rows[0];
  if (!flow) {
    throw badRequest('flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
  }
  await tx.query(`update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1`, [flow.id]);
  return flow.auth_code;
}

function verifierMatches(challenge: string, method: string, verifier: string): boolean {
  const expected =
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : method === 'plain' ? verifier : '';
  const a = Buffer.from(challenge);
  const b = Buffer.from(expected);
  return expected !== '' && a.length === b.length && timingSafeEqual(a, b);
}

interface FlowRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

type Outcome = { ok: true; body: Json } | { ok: false; error: AuthError };

/** `POST /token?grant_type=pkce` {auth_code, code_verifier}. */
export async function pkceGrant(app: App, req: ApiRequest): Promise<ApiResponse> {
  const body = await readBody(req);
  const authCode = str(body, 'auth_code');
  const verifier = str(body, 'code_verifier');
  if (!authCode || !verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const outcome = await app.db.transaction<Outcome>(async (tx) => {
    const flow = (
      await tx.query<FlowRow>(
        `select id, user_id, code_challenge, code_challenge_method::text as code_challenge_method,
           authentication_method, created_at, auth_code_issued_at
         from auth.flow_state where auth_code = $1 for update`,
        [authCode],
      )
    ).rows[0];
    if (!flow || !flow.user_id) {
      return { ok: false, error: notFound('flow_state_not_found', 'invalid flow state, no valid flow state found') };
    }
    // A magic link's five minutes start when its link was opened, other flows' when they began.
    const start =
      flow.auth_code_issued_at && flow.authentication_method === 'magiclink'
        ? flow.auth_code_issued_at
        : flow.created_at;
    if (Date.now() > new Date(start).getTime() + FLOW_STATE_EXPIRY_MS) {
      return { ok: false, error: unprocessable('flow_state_expired', 'invalid flow state, flow state has expired') };
    }
    if (!verifierMatches(flow.code_challenge, flow.code_challenge_method, verifier)) {
      return {
        ok: false,
        error: badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier'),
      };
    }
    const user = await findUserById(tx, flow.user_id);
    if (!user) return { ok: false, error: notFound('user_not_found', 'User not found') };
    if (isBanned(user)) return { ok: false, error: badRequest('user_banned', 'User is banned') };
    await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    const session = await issueSession(
      app,
      tx,
      user.id,
      flow.authentication_method as AuthMethod,
      req.header('user-agent'),
    );
    return { ok: true, body: session };
  });
  if (!outcome.ok) throw outcome.error;
  app.notifyWrite();
  return ok(req, outcome.body);
}
