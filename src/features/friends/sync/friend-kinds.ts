/**
 * Mutation kinds on friends: send a request by email, answer one, remove a friend. All are
 * procedures that answer a replay with the state already reached; the friend lists come back as
 * snapshots on the next pull, replacing the optimistic rows.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';

const requestArgs = z.object({
  email: z.string().trim(),
  message: z.string().max(1000).nullable().optional(),
  localId: z.string().optional(),
  /** The outbox entry's id: a replay of this request finds the row it made (client_ref). */
  clientRef: z.uuid().optional(),
  at: z.string().optional(),
});

const sendFriendRequest = kit.defineKind({
  name: 'friend.request',
  isSeenInSnapshots: true,
  args: requestArgs,
  validate(args) {
    if (!args.email.includes('@')) throw new kit.MutationValidationError('Please enter a valid email address');
  },
  prepare: (args, ctx) => ({
    ...args,
    localId: `local-${ctx.mutationId}`,
    clientRef: ctx.mutationId,
    at: new Date(ctx.now).toISOString(),
  }),
  refs: (args) => [`friend-email:${args.email.toLowerCase()}`],
  async applyLocal(w, args) {
    const me = await w.get('profiles', w.userId);
    await w.put('friendRequests', {
      key: args.localId,
      id: null,
      direction: 'outgoing',
      ...kit.requestTo(me, w.userId, args.email, args.message, args.at),
      sender_email: me?.email ?? null,
      sender_avatar: me?.avatar ?? null,
    });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'send_friend_request', {
      p_recipient_email: args.email,
      p_message: args.message ?? null,
      p_client_ref: args.clientRef ?? null,
    }),
  describe: (args) => `Send a friend request to ${args.email}`,
});

const respondArgs = z.object({
  id: z.string(),
  status: z.enum(['accepted', 'rejected']),
  responseMessage: z.string().max(1000).nullable().optional(),
  at: z.string().optional(),
});

const respondToFriendRequest = kit.defineKind({
  name: 'friend.respond',
  isSeenInSnapshots: true,
  args: respondArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [`friend-request:${args.id}`],
  async applyLocal(w, args) {
    const request = await w.get('friendRequests', args.id);
    if (!request) return;
    await w.update('friendRequests', args.id, {
      status: args.status,
      response_message: args.responseMessage?.trim() || null,
      responded_at: args.at ?? null,
    });
    if (args.status === 'accepted' && request.sender_id) {
      await w.put('friends', {
        key: request.sender_id,
        id: request.sender_id,
        friendship_id: null,
        name: request.sender_name,
        email: request.sender_email,
        avatar: request.sender_avatar,
        created_at: args.at,
      });
    }
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'respond_to_friend_request', {
      p_request_id: args.id,
      p_status: args.status,
      p_response_message: args.responseMessage ?? null,
    }),
  describe: (args) => (args.status === 'accepted' ? 'Accept a friend request' : 'Decline a friend request'),
});

const removeArgs = z.object({ friendId: z.string() });

const removeFriend = kit.defineKind({
  name: 'friend.remove',
  isSeenInSnapshots: true,
  args: removeArgs,
  refs: (args) => [`friend:${args.friendId}`],
  async applyLocal(w, args) {
    await w.delete('friends', args.friendId);
  },
  send: ({ client }, args) => kit.callProcedure(client, 'remove_friend', { p_friend_id: args.friendId }),
  describe: () => 'Remove a friend',
});

export const friendKinds = [sendFriendRequest, respondToFriendRequest, removeFriend] as const;
