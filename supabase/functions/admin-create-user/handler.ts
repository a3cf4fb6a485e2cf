/**
 * POST admin-create-user {email, password, name, approvalToken}: the register page of someone
 * whose waitlist entry was approved. The token must be one the server signed (checked by the
 * verify_approval_token procedure) for this email (case-insensitively) and the entry still
 * approved; then the account is made with a confirmed email through the auth admin API. A replay
 * with the same password answers success; any other failure of the auth service answers the
 * spec's fallback 'Failed to create account'.
 */
import { anonClient, serviceClient } from '../_shared/clients.ts';
import { fail, json, preflight, readBody } from '../_shared/http.ts';
import { createUserBody } from '../_shared/schemas.ts';

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'POST');
  if (early) return early;
  const body = await readBody(req, createUserBody);
  if (body instanceof Response) return body;
  const service = serviceClient();

  const { data: approved, error: tokenError } = await service.rpc('verify_approval_token', {
    p_token: body.approvalToken,
  });
  if (tokenError) return fail(500, 'Failed to create account');
  if (typeof approved !== 'string') return fail(403, 'This approval link is not valid');
  if (approved.toLowerCase() !== body.email.toLowerCase())
    return fail(403, 'This email does not match the approval link');

  const { data: setting } = await service
    .from('app_settings')
    .select('value')
    .eq('key', 'registration_enabled')
    .maybeSingle();
  if ((setting?.value as { enabled?: unknown } | undefined)?.enabled === false)
    return fail(403, 'Registration is currently closed');

  const name = body.name || null;
  const { data, error } = await service.auth.admin.createUser({
    email: approved,
    password: body.password,
    email_confirm: true,
    user_metadata: name ? { name } : {},
  });
  if (error?.code === 'email_exists') {
    // The same request sent twice: the first made the account with this very password.
    const replay = await anonClient().auth.signInWithPassword({ email: approved, password: body.password });
    if (replay.data.user)
      return json(200, {
        success: true,
        message: 'Account created',
        user: { id: replay.data.user.id, email: approved },
      });
    return fail(409, 'An account with this email already exists');
  }
  if (error?.code === 'weak_password' || error?.status === 422) return fail(400, error.message);
  if (error || !data.user) return fail(500, 'Failed to create account');

  const userId = data.user.id;
  // The sign-up trigger makes the profile from the metadata; this only covers a database without it.
  await service
    .from('profiles')
    .upsert({ id: userId, email: approved, name }, { onConflict: 'id', ignoreDuplicates: true });
  await service.from('admin_activity').insert({
    actor_id: userId,
    action: 'create_user_from_waitlist',
    target_type: 'user',
    target_id: userId,
    details: { email: approved },
  });
  return json(200, { success: true, message: 'Account created', user: { id: userId, email: approved } });
}
