/**
 * The friend calls that only make sense online and are not queued: making an invite code (its
 * link is shown at once) and accepting one (the visitor of /friends/invite/{code}). Writes that
 * can wait (requests, answers, removal) go through `mutate` instead (sync/friend-kinds.ts).
 */
import { callRpc } from '../../sync/backend.ts';

export type CallResult<T> = { ok: true; value: T; message: string } | { ok: false; message: string };

async function call(
  fn: 'generate_friend_invite_code' | 'accept_friend_invite_code',
  args: { p_code: string } | undefined,
  fallback: string,
) {
  try {
    const { data, error } = await callRpc(fn, args);
    if (error || !data || typeof data !== 'object') return { ok: false as const, message: fallback };
    const answer = data as { success?: unknown; message?: unknown } & Record<string, unknown>;
    const message = typeof answer.message === 'string' && answer.message ? answer.message : fallback;
    // success false: the server's message is what the user reads (spec section 8).
    if (answer.success !== true) return { ok: false as const, message };
    return { ok: true as const, answer, message };
  } catch {
    return { ok: false as const, message: fallback };
  }
}

export async function generateInviteCode(): Promise<CallResult<string>> {
  const result = await call('generate_friend_invite_code', undefined, 'Failed to generate invite link');
  if (!result.ok) return result;
  const code = result.answer.code;
  if (typeof code !== 'string') return { ok: false, message: 'Failed to generate invite link' };
  return { ok: true, value: code, message: result.message };
}

export async function acceptInviteCode(code: string): Promise<CallResult<string | null>> {
  const result = await call('accept_friend_invite_code', { p_code: code }, 'Failed to accept friend request');
  if (!result.ok) return result;
  const name = result.answer.friend_name;
  return { ok: true, value: typeof name === 'string' ? name : null, message: result.message };
}
