/** Joining the waitlist through add_to_waitlist, with the spec's messages (sections 5 and 8). */
import { callRpc } from '../../sync/backend.ts';

export type JoinOutcome = { ok: true; message: string } | { ok: false; message: string };

const INVALID_EMAIL = 'Please enter a valid email address';
const DUPLICATE_EMAIL = 'This email is already on the waitlist.';
const JOIN_FAILED = 'Failed to add to waitlist. Please try again.';

export async function joinWaitlist(email: string, name: string): Promise<JoinOutcome> {
  if (typeof email !== 'string' || !email.includes('@')) return { ok: false, message: INVALID_EMAIL };
  try {
    const { data, error } = await callRpc('add_to_waitlist', { p_email: email.trim(), p_name: name.trim() });
    if (error) return { ok: false, message: error.code === '23505' ? DUPLICATE_EMAIL : JOIN_FAILED };
    const answer = data as { success?: unknown; message?: unknown } | null;
    if (answer?.success === true)
      return { ok: true, message: "You're on the list! We'll email you when your spot is ready." };
    return { ok: false, message: typeof answer?.message === 'string' ? answer.message : JOIN_FAILED };
  } catch {
    return { ok: false, message: JOIN_FAILED };
  }
}
