/**
 * `/auth/v1`: GoTrue as supabase-js uses it. Routes each request to its endpoint after Kong's
 * apikey check (every path but `GET /verify`, the link opened from a mail), and renders every
 * failure in GoTrue's error shape. Runs its SQL as the database owner: GoTrue is a privileged
 * service, not a caller under RLS.
 */
import type { ApiHandler, ApiRequest, ApiResponse, App } from '../app.ts';
import { HttpError, apiKeyFailure, resolveCaller } from '../app.ts';
import { adminUsers } from './admin.ts';
import { getUser, logoutRoute, ok, signup, token, updateUser } from './account.ts';
import { AuthError, errorReply, notFound } from './errors.ts';
import type { AuthHooks } from './hooks.ts';
import { identitiesRoute } from './identities.ts';
import { generateLink, invite } from './links.ts';
import { factorsRoute } from './mfa.ts';
import { otp, reauthenticate, resend } from './otp.ts';
import { OtpAttempts, RateLimits } from './ratelimit.ts';
import { recover, type RecoveryGuards } from './recovery.ts';
import { readAuthSettings, type AuthSettings } from './settings.ts';
import { verifyGet, verifyPost } from './verify.ts';

const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
  'email',
  'phone',
];

function publicSettings(): Record<string, unknown> {
  const external: Record<string, boolean> = {};
  for (const name of EXTERNAL_PROVIDERS) external[name] = name === 'email';
  return {
    external,
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

/**
 * GoTrue's JWKS: the public keys of asymmetric signing keys. Tokens here are signed with the
 * project's HS256 secret, which is never published, so the set is empty (supabase-js's `getClaims`
 * then asks `/user`, as it does against a hosted project on a shared secret).
 */
function jwks(req: ApiRequest): ApiResponse {
  const reply = ok(req, { keys: [] });
  reply.headers = { ...reply.headers, 'cache-control': 'public, max-age=600' };
  return reply;
}

const HEALTH = {
  version: 'v2.177.0',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
};

const methodNotAllowed = () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed');

export function authApi(
  app: App,
  hooks: AuthHooks,
  settings: AuthSettings = readAuthSettings(app.config.configFile),
): ApiHandler {
  const limits = new RateLimits(app.config);
  const guards: RecoveryGuards = { limits, attempts: new OtpAttempts() };

  async function route(req: ApiRequest): Promise<ApiResponse> {
    const path = req.path.replace(/\/+$/, '') || '/';
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (path === '/verify' && method === 'GET') return verifyGet(app, req, guards);
    // Public keys are public: GoTrue serves them without Kong's apikey check.
    if (path === '/.well-known/jwks.json' && method === 'GET') return jwks(req);
    const caller = await resolveCaller(app, req);
    if (!caller.ok) {
      const failure = apiKeyFailure(caller.failure);
      if (failure) return failure;
    }
    const only = (allowed: string, handler: () => Promise<ApiResponse>) => {
      if (method !== allowed) throw methodNotAllowed();
      return handler();
    };
    switch (path) {
      case '/health':
        return only('GET', async () => ok(req, HEALTH));
      case '/settings':
        return only('GET', async () => ok(req, publicSettings()));
      case '/signup':
        return only('POST', () => signup(app, req, limits, hooks));
      case '/token':
        return only('POST', () => token(app, req, limits));
      case '/logout':
        return only('POST', () => logoutRoute(app, req));
      case '/user':
        if (method === 'GET') return getUser(app, req);
        if (method === 'PUT') return updateUser(app, req, guards, settings);
        throw methodNotAllowed();
      case '/recover':
        return only('POST', () => recover(app, req, guards));
      case '/verify':
        return only('POST', () => verifyPost(app, req, guards));
      case '/otp':
        return only('POST', () => otp(app, req, guards, hooks));
      case '/resend':
        return only('POST', () => resend(app, req, guards));
      case '/reauthenticate':
        return only('GET', () => reauthenticate(app, req, guards));
      case '/invite':
        return only('POST', () => invite(app, req, hooks));
      case '/admin/generate_link':
        return only('POST', () => generateLink(app, req, hooks));
    }
    if (path === '/factors' || path.startsWith('/factors/')) {
      return factorsRoute(app, req, path.slice('/factors'.length), guards, settings);
    }
    if (path.startsWith('/user/identities/')) {
      return identitiesRoute(app, req, path.slice('/user/identities'.length), settings);
    }
    if (path === '/admin/users' || path.startsWith('/admin/users/')) {
      return adminUsers(app, req, path.slice('/admin/users'.length));
    }
    throw notFound('not_found', 'Not Found');
  }

  return async (req) => {
    try {
      return await route(req);
    } catch (error) {
      if (error instanceof AuthError) return errorReply(req, error);
      if (error instanceof HttpError) throw error;
      console.error('[auth] unexpected error', error);
      return errorReply(
        req,
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
      );
    }
  };
}
