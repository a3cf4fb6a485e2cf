/** The device rows of friends: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { nullableText, timestamp } from '../../../db/row-values.ts';

export const FRIEND_REQUEST_STATUSES = ['pending', 'accepted', 'rejected'] as const;

/** A friend of this user. Key: the friend's user id. */
export const friendRowSchema = z
  .object({
    key: z.string(),
    id: z.string(),
    friendship_id: nullableText,
    name: nullableText,
    email: nullableText,
    avatar: nullableText,
    created_at: timestamp,
  })
  .describe('friends');

export type FriendRow = z.infer<typeof friendRowSchema>;

export const friendRequestRowSchema = z
  .object({
    key: z.string(),
    id: nullableText,
    direction: z.enum(['incoming', 'outgoing']),
    sender_id: nullableText,
    sender_name: nullableText,
    sender_email: nullableText,
    sender_avatar: nullableText,
    recipient_id: nullableText,
    recipient_name: nullableText,
    recipient_email: nullableText,
    recipient_avatar: nullableText,
    message: nullableText,
    status: z.enum(FRIEND_REQUEST_STATUSES),
    response_message: nullableText,
    responded_at: nullableText,
    created_at: timestamp,
  })
  .describe('friendRequests');

export type FriendRequestRow = z.infer<typeof friendRequestRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    friends: FriendRow;
    friendRequests: FriendRequestRow;
  }
}
