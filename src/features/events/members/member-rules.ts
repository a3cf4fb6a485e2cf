/**
 * The creator rules of the members dialog (spec section 5), checked before queueing with the
 * spec's texts (the database refuses the same with the same words).
 */
import type { MemberRow } from '../index.ts';

export type MemberActionKind = 'make-admin' | 'remove-admin' | 'remove' | 'transfer';

export function memberActionCheck(
  member: Pick<MemberRow, 'role' | 'user_id'>,
  action: MemberActionKind,
  myUserId: string | null,
): string | null {
  if (action === 'remove') {
    if (member.role === 'creator') return 'Cannot remove the event creator';
    if (member.user_id === myUserId) return 'You cannot remove yourself from the event';
    return null;
  }
  if (member.role === 'creator') return 'Cannot change the role of the event creator';
  return null;
}

/** Friends not yet in the event, matching a search on name or email. */
export function friendsNotInEvent<F extends { id: string; name: string | null; email: string | null }>(
  friends: F[],
  memberIds: ReadonlySet<string>,
  query: string,
): F[] {
  const needle = query.trim().toLowerCase();
  return friends.filter(
    (friend) =>
      !memberIds.has(friend.id) &&
      (!needle ||
        (friend.name ?? '').toLowerCase().includes(needle) ||
        (friend.email ?? '').toLowerCase().includes(needle)),
  );
}
