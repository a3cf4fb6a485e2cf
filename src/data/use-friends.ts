/** Live friends (by name) and friend requests of one direction (newest first). */
import type { FriendRequestRow, FriendRow } from '../db/row-schemas.ts';
import { parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const NO_FRIENDS: FriendRow[] = [];
const NO_REQUESTS: FriendRequestRow[] = [];

export function useFriends(): FriendRow[] {
  return useDeviceQuery(
    async (db) =>
      parseRows('friends', await db.friends.toArray()).sort((a, b) =>
        (a.name ?? a.email ?? '').localeCompare(b.name ?? b.email ?? ''),
      ),
    [],
    NO_FRIENDS,
  );
}

export function useFriendRequests(direction: 'incoming' | 'outgoing'): FriendRequestRow[] {
  return useDeviceQuery(
    async (db) =>
      parseRows('friendRequests', await db.friendRequests.where('direction').equals(direction).toArray()).sort((a, b) =>
        b.created_at.localeCompare(a.created_at),
      ),
    [direction],
    NO_REQUESTS,
  );
}
