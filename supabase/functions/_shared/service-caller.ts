/**
 * The senders of the outboxes (send-push, send-notification-mail) work for the database, not for
 * a user: they are called by the database's webhook (pg_net) on a hosted project and by the local
 * backend, both with the project's service-role key. Anyone else is refused before any job moves.
 */
import { env } from './env.ts';
import { fail } from './http.ts';

/** null when the caller sent the service-role key, else the 401/403 answer. */
export function requireServiceRole(req: Request): Response | null {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!token) return fail(401, 'The service-role key is required');
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!key || token.length !== key.length) return fail(403, 'Only the project itself may call this function');
  let diff = 0;
  for (let i = 0; i < key.length; i++) diff |= key.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0 ? null : fail(403, 'Only the project itself may call this function');
}
