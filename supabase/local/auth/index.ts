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
import { OtpAttempts, RateLimits } from './ratelimit.ts';
import { recover, verifyGet, verifyPost, type RecoveryGuards } from './recovery.ts';

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

function settings(): Record<string, unknown> {
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

const HEALTH = {
  version: 'v2.177.0',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
};

const methodNotAllowed = () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed');

export function authApi(app: App, hooks: AuthHooks): ApiHandler {
  const limits = new RateLimits(app.config);
  const guards: RecoveryGuards = { limits, attempts: new OtpAttempts() };

  async function route(req: ApiRequest): Promise<ApiResponse> {
    const path = req.path.replace(/\/+$/, '') || '/';
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (path === '/verify' && method === 'GET') return verifyGet(app, req, guards);
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
        return only('GET', async () => ok(req, settings()));
      case '/signup':
        return only('POST', () => signup(app, req, limits, hooks));
      case '/token':
        return only('POST', () => token(app, req, limits));
      case '/logout':
        return only('POST', () => logoutRoute(app, req));
      case '/user':
        if (method === 'GET') return getUser(app, req);
        if (method === 'PUT') return updateUser(app, req);
        throw methodNotAllowed();
      case '/recover':
        return only('POST', () => recover(app, req, guards));
      case '/verify':
        return only('POST', () => verifyPost(app, req, guards));
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
