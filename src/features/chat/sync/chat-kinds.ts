/**
 * Mutation kinds of the group chat: send (the device gives the message its id, so it shows at
 * once as pending and a replay is the same row; the outbox sends messages in the order they were
 * written), edit, delete (a tombstone), reactions on and off, the read marker (only moves
 * forward) and a WhatsApp import batch (the server's import keys make a second import add
 * nothing). Tier gates and who-may-what are the database's.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { reactionKey } from './chat-rows.ts';
import { chatMessagesSource } from './chat-sources.ts';
import { sendPhoto } from './chat-photo-kind.ts';

const MAX_MESSAGE_LENGTH = 4000;
const MESSAGE_TOO_LONG = 'Messages can be 4,000 characters at most.';
const MAX_IMPORT_BATCH = 5000;

function checkBody(body: string): void {
  if (body.trim().length === 0) throw new kit.MutationValidationError('A message cannot be empty.');
  if ([...body].length > MAX_MESSAGE_LENGTH) throw new kit.MutationValidationError(MESSAGE_TOO_LONG);
}

const eventRef = kit.refTo('event');
const messageRef = kit.refTo('chat-message');

const sendArgs = z.object({
  eventId: z.string(),
  body: z.string(),
  replyToId: z.string().nullable().optional(),
  id: z.string().optional(),
  at: z.string().optional(),
});

const sendMessage = kit.createRowKind('chat.send', chatMessagesSource, messageRef, {
  args: sendArgs,
  validate: (args) => checkBody(args.body),
  needs: (args) => [eventRef(args.eventId), ...(args.replyToId ? [messageRef(args.replyToId)] : [])],
  row: (args, existing, userId) => ({
    key: args.id,
    ...newMessage(args),
    author_id: userId,
    imported: false,
    original_sender_name: null,
    edited_at: existing?.edited_at ?? null,
    photo_path: null,
    deleted_at: existing?.deleted_at ?? null,
    ...kit.madeAt(existing, args.at),
  }),
  insert: newMessage,
  describe: (args, ctx) => `Send a message${kit.inEvent(ctx, 'in', args.eventId)}`,
});

function newMessage(args: { id: string; eventId: string; body: string; replyToId?: string | null }) {
  return { id: args.id, event_id: args.eventId, body: args.body, reply_to_id: args.replyToId ?? null };
}

const editMessage = kit.defineKind({
  name: 'chat.edit',
  args: z.object({ id: z.string(), body: z.string(), at: z.string().optional() }),
  validate: (args) => checkBody(args.body),
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [messageRef(args.id)],
  async applyLocal(w, args) {
    const row = await w.get('chatMessages', args.id);
    if (!row || row.deleted_at) return;
    // Shown as edited at once; the server's time replaces it with the next pull.
    await w.update('chatMessages', args.id, { body: args.body, edited_at: args.at });
  },
  send: ({ client }, args) =>
    kit.updateOne(
      client,
      'chat_messages',
      args.id,
      { body: args.body },
      'This message no longer exists, or you cannot edit it',
    ),
  describe: () => 'Edit a message',
});

/** A delete leaves a tombstone on every device (the chat says "This message was deleted"). */
const deleteMessage = kit.defineKind({
  name: 'chat.delete',
  args: z.object({ id: z.string(), at: z.string().optional() }),
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [messageRef(args.id)],
  async applyLocal(w, args) {
    const row = await w.get('chatMessages', args.id);
    if (!row || row.deleted_at) return;
    await w.update('chatMessages', args.id, { deleted_at: args.at, body: '', photo_path: null });
  },
  send: ({ client }, args) =>
    kit.softDelete(client, 'chat_messages', args.id, 'This message no longer exists, or you cannot delete it'),
  describe: () => 'Delete a message',
});

const reactArgs = z.object({
  eventId: z.string(),
  messageId: z.string(),
  emoji: z.string().min(1).max(16),
  on: z.boolean(),
  at: z.string().optional(),
});

const reactToMessage = kit.defineKind({
  name: 'chat.react',
  args: reactArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [eventRef(args.eventId), messageRef(args.messageId)],
  async applyLocal(w, args) {
    const key = reactionKey(args.messageId, w.userId, args.emoji);
    if (!args.on) {
      await w.delete('chatReactions', key);
      return;
    }
    if (await w.get('chatReactions', key)) return;
    await w.put('chatReactions', {
      key,
      message_id: args.messageId,
      event_id: args.eventId,
      user_id: w.userId,
      emoji: args.emoji,
      updated_at: args.at,
    });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'set_chat_reaction', {
      p_message_id: args.messageId,
      p_emoji: args.emoji,
      p_on: args.on,
    }),
  describe: (args) => (args.on ? `React ${args.emoji} to a message` : `Take back a ${args.emoji} reaction`),
});

const readArgs = z.object({
  eventId: z.string(),
  readAt: z.string(),
  messageId: z.string().nullable().optional(),
});

const markChatRead = kit.defineKind({
  name: 'chat.mark-read',
  args: readArgs,
  refs: (args) => [eventRef(args.eventId)],
  async applyLocal(w, args) {
    const current = await w.get('chatReadMarkers', args.eventId);
    if (current && Date.parse(current.last_read_at) >= Date.parse(args.readAt)) return;
    await w.put('chatReadMarkers', {
      key: args.eventId,
      event_id: args.eventId,
      last_read_at: args.readAt,
      last_read_message_id: args.messageId ?? null,
      updated_at: current?.updated_at ?? args.readAt,
    });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'mark_chat_read', {
      p_event_id: args.eventId,
      p_read_at: args.readAt,
      p_message_id: args.messageId ?? null,
    }),
  describe: (args, ctx) => `Mark the chat${kit.inEvent(ctx, 'of', args.eventId)} as read`,
});

const importedMessageSchema = z.object({
  sent_at: z.string(),
  sender_name: z.string().min(1).max(200),
  user_id: z.string().nullable().optional(),
  body: z.string().max(MAX_MESSAGE_LENGTH),
  occurrence: z.number().int().min(0),
});

const importArgs = z.object({
  eventId: z.string(),
  batchId: z.string(),
  messages: z.array(importedMessageSchema).max(MAX_IMPORT_BATCH),
});

/** One batch of an import; the messages arrive with the pull that follows. */
const importWhatsApp = kit.defineKind({
  name: 'chat.import-whatsapp',
  args: importArgs,
  refs: (args) => [eventRef(args.eventId)],
  applyLocal: async () => {},
  send: ({ client }, args) =>
    kit.callProcedure(client, 'import_whatsapp_messages', {
      p_event_id: args.eventId,
      p_batch_id: args.batchId,
      p_messages: args.messages,
    }),
  describe: (args, ctx) => `Import ${args.messages.length} WhatsApp messages${kit.inEvent(ctx, 'to', args.eventId)}`,
});

export const chatKinds = [
  sendMessage,
  sendPhoto,
  editMessage,
  deleteMessage,
  reactToMessage,
  markChatRead,
  importWhatsApp,
] as const;
