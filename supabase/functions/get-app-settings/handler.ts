/**
 * GET get-app-settings: every site setting as `{settings: {key: value}}` (switches are
 * `{enabled}`, component_access the role lists). Any valid bearer, the anon key included: the
 * routes of signed-out visitors depend on the waitlist and registration switches.
 */
import { serviceClient } from '../_shared/clients.ts';
import { fail, json, preflight } from '../_shared/http.ts';

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'GET');
  if (early) return early;
  const { data, error } = await serviceClient().from('app_settings').select('key, value').order('key');
  if (error) return fail(500, 'Failed to fetch app settings');
  return json(200, { settings: Object.fromEntries(data.map((row) => [row.key, row.value])) });
}
