/**
 * Password recovery: `POST /recover` records a one-time code for an existing user and mails it, as
 * a link to `GET /verify` and as a code (answers `{}` whether or not the address is known, so that
 * nobody learns who has an account; a second mail to the same user within 60 s, or
 * `AUTH_EMAIL_MAX_FREQUENCY` seconds, is GoTrue's 429). With `code_challenge` (supabase-js with
 * `flowType: 'pkce'`) the link leads to an auth code instead of a session (pkce.ts). Mails asked
 * for count against the client's mail limit (ratelimit.ts); using the code is verify.ts.
 */
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import { ok } from './account.ts';
import { readBody, str } from './body.ts';
import { storeCode } from './codes.ts';
import { badRequest } from './errors.ts';
import { sendAuthMail } from './mailer.ts';
import { createFlowState, pkceParams } from './pkce.ts';
import type { OtpAttempts, RateLimits } from './ratelimit.ts';
import { findUserByEmail } from './users.ts';
import { validateEmail } from './util.ts';

/** What mails and verification count with: the rate limits and the wrong codes per address. */
export interface RecoveryGuards {
  limits: RateLimits;
  attempts: OtpAttempts;
}

/** The redirect target: `redirect_to` when it is the site or a local address, else the site URL. */
export function redirectTarget(app: App, requested: string | null): string {
  if (!requested) return app.config.siteUrl;
  try {
    const url = new URL(requested);
    const site = new URL(app.config.siteUrl);
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && (url.origin === site.origin || local))
      return url.toString();
  } catch {
    // not a URL: fall back to the site
  }
  return app.config.siteUrl;
}

export async function recover(app: App, req: ApiRequest, guards: RecoveryGuards): Promise<ApiResponse> {
  guards.limits.hit('recover', req);
  const body = await readBody(req);
  const rawEmail = str(body, 'email');
  if (!rawEmail) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(rawEmail);
  const pkce = pkceParams(body);
  const user = await findUserByEmail(app.db, email);
  if (!user) return ok(req, {});
  const redirectTo = redirectTarget(app, req.url.searchParams.get('redirect_to'));
  const code = await app.db.transaction(async (tx) => {
    if (pkce) await createFlowState(tx, user.id, 'recovery', pkce);
    return storeCode(tx, user, 'recovery', { email: user.email ?? email, pkce: pkce !== null });
  });
  await sendAuthMail(app, 'recovery', user.email ?? email, code, redirectTo);
  return ok(req, {});
}
