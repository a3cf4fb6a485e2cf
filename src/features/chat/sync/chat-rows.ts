/** The device rows of chat: their schemas (rows read back are parsed with them) and types. */
import type { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';

/**
 * A chat message (key: its id). Imported ones carry the original sender and time (created_at). A
 * deleted one stays as a tombstone (deleted_at set, no text, no photo): the chat says it was deleted.
 */
export const chatMessageRowSchema = tableRows.chat_messages
  .omit({ import_batch_id: true, import_key: true, original_sent_at: true })
  .extend(withKey)
  .describe('chatMessages');

export type ChatMessageRow = z.infer<typeof chatMessageRowSchema>;

/** One member's reaction. Key: `{message_id}|{user_id}|{emoji}`. */
export const chatReactionRowSchema = tableRows.chat_reactions
  .omit({ id: true, created_at: true, deleted_at: true })
  .extend(withKey)
  .describe('chatReactions');

export type ChatReactionRow = z.infer<typeof chatReactionRowSchema>;

/** How far this user has read an event's chat. Key: the event id. */
export const chatReadMarkerRowSchema = tableRows.chat_read_markers
  .omit({ id: true, user_id: true })
  .extend(withKey)
  .describe('chatReadMarkers');

export type ChatReadMarkerRow = z.infer<typeof chatReadMarkerRowSchema>;

/** The local key of a chat reaction row. */
export function reactionKey(messageId: string, userId: string, emoji: string): string {
  return `${messageId}|${userId}|${emoji}`;
}

declare module '../../../db/mirror.ts' {
  interface RowOf {
    chatMessages: ChatMessageRow;
    chatReactions: ChatReactionRow;
    chatReadMarkers: ChatReadMarkerRow;
  }
}
