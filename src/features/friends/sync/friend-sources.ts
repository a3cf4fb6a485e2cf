/**
 * Friends and friend requests are small per-user lists whose rows need both parties' profiles:
 * they are read whole, through their procedures, on every full pull. The procedures' generated
 * return types type the mappers; their text columns may still be null (a friend without avatar).
 */
import type { ProcedureResult } from '../../../sync/client.ts';
import type { RowOf } from '../../../db/mirror.ts';
import { readProcedure } from '../../../sync/backend-calls.ts';
import type { SnapshotSource } from '../../../sync/pull-source.ts';
import { oneOf, text } from '../../../sync/server-values.ts';
import { FRIEND_REQUEST_STATUSES } from './friend-rows.ts';

type FriendAnswer = ProcedureResult<'get_friends'>[number];
type FriendRequestAnswer = ProcedureResult<'get_friend_requests'>[number];

function friendFromServer(r: FriendAnswer): RowOf['friends'] {
  return {
    key: r.id,
    id: r.id,
    friendship_id: text(r.friendship_id),
    name: text(r.name),
    email: text(r.email),
    avatar: text(r.avatar),
    created_at: r.created_at,
  };
}

function friendRequestFromServer(r: FriendRequestAnswer, direction: 'incoming' | 'outgoing'): RowOf['friendRequests'] {
  return {
    key: r.id,
    id: r.id,
    direction,
    sender_id: text(r.sender_id),
    sender_name: text(r.sender_name),
    sender_email: text(r.sender_email),
    sender_avatar: text(r.sender_avatar),
    recipient_id: text(r.recipient_id),
    recipient_name: text(r.recipient_name),
    recipient_email: text(r.recipient_email),
    recipient_avatar: text(r.recipient_avatar),
    message: text(r.message),
    status: oneOf(FRIEND_REQUEST_STATUSES, r.status, 'pending'),
    response_message: text(r.response_message),
    responded_at: text(r.responded_at),
    created_at: r.created_at,
  };
}

export const friendsSnapshot: SnapshotSource<'friends'> = {
  table: 'friends',
  async read(client) {
    return (await readProcedure(client, 'get_friends')).map(friendFromServer);
  },
};

export const friendRequestsSnapshot: SnapshotSource<'friendRequests'> = {
  table: 'friendRequests',
  async read(client) {
    const requests: RowOf['friendRequests'][] = [];
    for (const direction of ['incoming', 'outgoing'] as const) {
      // p_status null: requests of every status.
      const answer = await readProcedure(client, 'get_friend_requests', { p_direction: direction, p_status: null });
      for (const row of answer) requests.push(friendRequestFromServer(row, direction));
    }
    return requests;
  },
};
