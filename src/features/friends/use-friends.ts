/** Live friends (by name) and friend requests of one direction (newest first). */
import { useAllRows, useRowsWhere } from '../../data/use-rows.ts';
import { friendRequestRowSchema, friendRowSchema, type FriendRequestRow, type FriendRow } from './sync/index.ts';

const byName = (rows: FriendRow[]) =>
  rows.sort((a, b) => (a.name ?? a.email ?? '').localeCompare(b.name ?? b.email ?? ''));
const newestFirst = (rows: FriendRequestRow[]) => rows.sort((a, b) => b.created_at.localeCompare(a.created_at));

export const useFriends = () => useAllRows('friends', friendRowSchema, byName);

export const useFriendRequests = (direction: 'incoming' | 'outgoing') =>
  useRowsWhere('friendRequests', friendRequestRowSchema, 'direction', direction, { then: newestFirst });
