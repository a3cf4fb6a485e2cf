/**
 * The session's assurance level, read from the session alone (the token's `aal` claim and the
 * user's factors): no network, safe inside supabase-js's auth events, and part of the first load
 * (the auth store decides with it whether the app may open).
 */
import type { Session } from '../../sync/backend.ts';

/**
 * Whether this session must still give the code before the app opens: the user has a verified
 * factor and the session proved only the password (aal1). Read from the session alone (the token's
 * `aal` claim and the user's factors), so it needs no network and is safe inside auth events.
 */
export function needsSecondFactor(session: Session | null): boolean {
  if (!session) return false;
  const hasVerified = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return hasVerified && sessionLevel(session.access_token) !== 'aal2';
}

function sessionLevel(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}
