/**
 * `/user/identities`, GoTrue's manual linking API: the signed-in user's identities are in the user
 * JSON (`getUserIdentities` reads them there); `DELETE /user/identities/{id}` unlinks one but never
 * the last (422 `single_identity_not_deletable`), and `GET /user/identities/authorize` starts
 * linking an OAuth provider. Both exist only with `[auth] enable_manual_linking` (404
 * `manual_linking_disabled` otherwise, the default); no OAuth provider is enabled here, so linking
 * one is refused as GoTrue refuses a disabled provider.
 */
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import { ok } from './account.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { authenticate } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import { isUuid } from './users.ts';

export async function identitiesRoute(
  app: App,
  req: ApiRequest,
  rest: string,
  settings: AuthSettings,
): Promise<ApiResponse> {
  const auth = await authenticate(app, req);
  if (!settings.manualLinking) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  const id = rest.replace(/^\/+|\/+$/g, '');
  if (id === 'authorize' && req.method === 'GET') {
    const provider = req.url.searchParams.get('provider') ?? '';
    throw badRequest('validation_failed', `Unsupported provider: Provider ${provider} could not be found`);
  }
  if (!id || id.includes('/') || req.method !== 'DELETE') throw notFound('not_found', 'Not Found');
  if (!isUuid(id)) throw notFound('validation_failed', 'identity_id must be an UUID');
  await app.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; provider: string }>(
      `select id, provider from auth.identities where user_id = $1 for update`,
      [auth.user.id],
    );
    if (rows.length <= 1) {
      throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    }
    const identity = rows.find((row) => row.id === id);
    if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
    await tx.query(`delete from auth.identities where id = $1`, [id]);
    const providers = rows.filter((row) => row.id !== id).map((row) => row.provider);
    await tx.query(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
         || jsonb_build_object('providers', $2::jsonb), updated_at = now()
       where id = $1`,
      [auth.user.id, JSON.stringify([...new Set(providers)])],
    );
  });
  app.notifyWrite();
  return ok(req, {});
}
