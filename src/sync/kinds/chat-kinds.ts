/**
 * Mutation kinds of the group chat: send (the device gives the message its id, so it shows at
 * once as pending and a replay is the same row; the outbox sends messages in the order they were
 * written), edit, delete (a tombstone), reactions on and off, the read marker (only moves
 * forward) and a WhatsApp import batch (the server's import keys make a second import add
 * nothing). Tier gates and who-may-what are the database's.
 */
import { z } from 'zod';
import type { MutationKind } from '../kind-registry.ts';
import { reactionKey } from '../../db/row-schemas.ts';
import { chatMessageFromServer, chatMessagesSource } from '../pull-sources.ts';
import { MutationValidationError } from '../send-errors.ts';
import { callProcedure } from './backend-calls.ts';
import { insertOnce, softDelete, updateOne } from './rest-writes.ts';

export const MAX_MESSAGE_LENGTH = 4000;
export const MESSAGE_TOO_LONG = 'Messages can be 4,000 characters at most.';
export const MAX_IMPORT_BATCH = 5000;

function checkBody(body: string): void {
  if (body.trim().length === 0) throw new MutationValidationError('A message cannot be empty.');
  if ([...body].length > MAX_MESSAGE_LENGTH) throw new MutationValidationError(MESSAGE_TOO_LONG);
}

const eventRef = (id: string) => `event:${id}`;
const messageRef = (id: string) => `chat-message:${id}`;

const sendArgs = z.object({
  eventId: z.string(),
  body: z.string(),
  replyToId: z.string().nullable().optional(),
  id: z.string().optional(),
  at: z.string().optional(),
});
type SendArgs = z.infer<typeof sendArgs>;

export const sendMessage: MutationKind<SendArgs> = {
  name: 'chat.send',
  args: sendArgs,
  validate: (args) => checkBody(args.body),
  prepare: (args, ctx) => ({ ...args, id: args.id ?? crypto.randomUUID(), at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId), ...(args.replyToId ? [messageRef(args.replyToId)] : [])],
  creates: (args) => [messageRef(args.id!)],
  async applyLocal(w, args) {
    const existing = await w.get('chatMessages', args.id!);
    await w.put('chatMessages', {
      key: args.id!,
      id: args.id!,
      event_id: args.eventId,
      author_id: w.userId,
      body: args.body,
      reply_to_id: args.replyToId ?? null,
      imported: false,
      original_sender_name: null,
      created_at: existing?.created_at ?? args.at!,
      edited_at: existing?.edited_at ?? null,
      updated_at: existing?.updated_at ?? args.at!,
    });
  },
  send: ({ client }, args) =>
    insertOnce(
      client,
      'chat_messages',
      { id: args.id, event_id: args.eventId, body: args.body, reply_to_id: args.replyToId ?? null },
      chatMessagesSource.select,
    ),
  async reconcile(w, args, result) {
    await w.storeServer('chatMessages', args.id!, chatMessageFromServer(result as Record<string, unknown>));
  },
};

const editArgs = z.object({ id: z.string(), body: z.string() });
type EditArgs = z.infer<typeof editArgs>;

export const editMessage: MutationKind<EditArgs> = {
  name: 'chat.edit',
  args: editArgs,
  validate: (args) => checkBody(args.body),
  refs: (args) => [messageRef(args.id)],
  async applyLocal(w, args) {
    await w.update('chatMessages', args.id, { body: args.body });
  },
  send: ({ client }, args) =>
    updateOne(
      client,
      'chat_messages',
      args.id,
      { body: args.body },
      'This message no longer exists, or you cannot edit it',
    ),
};

const idArgs = z.object({ id: z.string() });
type IdArgs = z.infer<typeof idArgs>;

export const deleteMessage: MutationKind<IdArgs> = {
  name: 'chat.delete',
  args: idArgs,
  refs: (args) => [messageRef(args.id)],
  async applyLocal(w, args) {
    await w.delete('chatMessages', args.id);
  },
  send: ({ client }, args) =>
    softDelete(client, 'chat_messages', args.id, 'This message no longer exists, or you cannot delete it'),
};

const reactArgs = z.object({
  eventId: z.string(),
  messageId: z.string(),
  emoji: z.string().min(1).max(16),
  on: z.boolean(),
  at: z.string().optional(),
});
type ReactArgs = z.infer<typeof reactArgs>;

export const reactToMessage: MutationKind<ReactArgs> = {
  name: 'chat.react',
  args: reactArgs,
  prepare: (args, ctx) => ({ ...args, at: new Date(ctx.now).toISOString() }),
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
      updated_at: args.at!,
    });
  },
  send: ({ client }, args) =>
    callProcedure(client, 'set_chat_reaction', { p_message_id: args.messageId, p_emoji: args.emoji, p_on: args.on }),
};

const readArgs = z.object({
  eventId: z.string(),
  readAt: z.string(),
  messageId: z.string().nullable().optional(),
});
type ReadArgs = z.infer<typeof readArgs>;

export const markChatRead: MutationKind<ReadArgs> = {
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
    callProcedure(client, 'mark_chat_read', {
      p_event_id: args.eventId,
      p_read_at: args.readAt,
      p_message_id: args.messageId ?? null,
    }),
};

export const importedMessageSchema = z.object({
  sent_at: z.string(),
  sender_name: z.string().min(1).max(200),
  user_id: z.string().nullable().optional(),
  body: z.string().max(MAX_MESSAGE_LENGTH),
  occurrence: z.number().int().min(0),
});
export type ImportedMessage = z.infer<typeof importedMessageSchema>;

const importArgs = z.object({
  eventId: z.string(),
  batchId: z.string(),
  messages: z.array(importedMessageSchema).max(MAX_IMPORT_BATCH),
});
type ImportArgs = z.infer<typeof importArgs>;

/** One batch of an import; the messages arrive with the pull that follows. */
export const importWhatsApp: MutationKind<ImportArgs> = {
  name: 'chat.import-whatsapp',
  args: importArgs,
  refs: (args) => [eventRef(args.eventId)],
  applyLocal: async () => {},
  send: ({ client }, args) =>
    callProcedure(client, 'import_whatsapp_messages', {
      p_event_id: args.eventId,
      p_batch_id: args.batchId,
      p_messages: args.messages,
    }),
};

export const chatKinds = [sendMessage, editMessage, deleteMessage, reactToMessage, markChatRead, importWhatsApp];
