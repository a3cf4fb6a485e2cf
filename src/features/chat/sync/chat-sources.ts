/** What a pull reads of the chat tables; the device rows are the server's columns (rowSource). */
import { chatMessageRowSchema, chatReactionRowSchema, chatReadMarkerRowSchema, reactionKey } from './chat-rows.ts';
import { rowSource } from '../../../sync/pull-source.ts';
import { str } from '../../../sync/server-values.ts';

/**
 * An instant as `toISOString()` writes it: the device sorts messages by created_at as text (the
 * [event_id+created_at] index), and its own pending messages carry that form.
 */
export function isoInstant(v: unknown): string {
  const value = str(v);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

export const chatMessagesSource = rowSource({
  table: 'chatMessages',
  remote: 'chat_messages',
  schema: chatMessageRowSchema,
  convert: { created_at: (r) => isoInstant(r.created_at) },
  inScope: 'event_id',
  keepsTombstones: true,
});

const chatReactionsSource = rowSource({
  table: 'chatReactions',
  remote: 'chat_reactions',
  schema: chatReactionRowSchema,
  key: (r) => reactionKey(r.message_id, r.user_id, r.emoji),
  inScope: 'event_id',
});

const chatReadMarkersSource = rowSource({
  table: 'chatReadMarkers',
  remote: 'chat_read_markers',
  schema: chatReadMarkerRowSchema,
  key: (r) => r.event_id,
  inScope: 'event_id',
  hasNoTombstones: true,
});

/** This feature's tables, in pull order (what a row points at comes first). */
export const chatSources = [chatMessagesSource, chatReactionsSource, chatReadMarkersSource];
