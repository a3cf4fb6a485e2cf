/**
 * Mutation kinds on friends: send a request by email, answer one, remove a friend. All are
 * procedures that answer a replay with the state already reached; the friend lists come back as
 * snapshots on the next pull, replacing the optimistic rows.
 */
import { z } from 'zod';
import type { MutationKind } from '../kind-registry.ts';
import { MutationValidationError } from '../send-errors.ts';
import { callProcedure } from './backend-calls.ts';

const requestArgs = z.object({
  email: z.string().trim(),
  message: z.string().max(1000).nullable().optional(),
  localId: z.string().optional(),
  /** The outbox entry's id: a replay of this request finds the row it made (client_ref). */
  clientRef: z.uuid().optional(),
  at: z.string().optional(),
});
type RequestArgs = z.infer<typeof requestArgs>;

export const sendFriendRequest: MutationKind<RequestArgs> = {
  name: 'friend.request',
  args: requestArgs,
  validate(args) {
    if (!args.email.includes('@')) throw new MutationValidationError('Please enter a valid email address');
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
      key: args.localId!,
      id: null,
      direction: 'outgoing',
      sender_id: w.userId,
      sender_name: me?.name ?? null,
      sender_email: me?.email ?? null,
      sender_avatar: me?.avatar ?? null,
      recipient_id: null,
      recipient_name: null,
      recipient_email: args.email,
      recipient_avatar: null,
      message: args.message?.trim() || null,
      status: 'pending',
      response_message: null,
      responded_at: null,
      created_at: args.at!,
    });
  },
  send: ({ client }, args) =>
    callProcedure(client, 'send_friend_request', {
      p_recipient_email: args.email,
      p_message: args.message ?? null,
      p_client_ref: args.clientRef ?? null,
    }),
};

const respondArgs = z.object({
  id: z.string(),
  status: z.enum(['accepted', 'rejected']),
  responseMessage: z.string().max(1000).nullable().optional(),
  at: z.string().optional(),
});
type RespondArgs = z.infer<typeof respondArgs>;

export const respondToFriendRequest: MutationKind<RespondArgs> = {
  name: 'friend.respond',
  args: respondArgs,
  prepare: (args, ctx) => ({ ...args, at: new Date(ctx.now).toISOString() }),
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
        created_at: args.at!,
      });
    }
  },
  send: ({ client }, args) =>
    callProcedure(client, 'respond_to_friend_request', {
      p_request_id: args.id,
      p_status: args.status,
      p_response_message: args.responseMessage ?? null,
    }),
};

const removeArgs = z.object({ friendId: z.string() });
type RemoveArgs = z.infer<typeof removeArgs>;

export const removeFriend: MutationKind<RemoveArgs> = {
  name: 'friend.remove',
  args: removeArgs,
  refs: (args) => [`friend:${args.friendId}`],
  async applyLocal(w, args) {
    await w.delete('friends', args.friendId);
  },
  send: ({ client }, args) => callProcedure(client, 'remove_friend', { p_friend_id: args.friendId }),
};

export const friendKinds = [sendFriendRequest, respondToFriendRequest, removeFriend];
