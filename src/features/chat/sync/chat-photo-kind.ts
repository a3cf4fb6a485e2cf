/**
 * A photo sent to the group chat, with an optional caption: kept in the outbox while offline (the
 * bytes, scaled on the device, at most 5 MB), shown at once as a pending message, then uploaded to
 * the message's folder of the private chat-photos bucket and the message inserted pointing at it.
 * A replay finds the file there and the message made (the device gave it its id).
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { chatMessagesSource } from './chat-sources.ts';

export const CHAT_PHOTO_BUCKET = 'chat-photos';
const MAX_CAPTION_LENGTH = 4000;

const photoMessageArgs = z.object({
  eventId: z.string(),
  caption: z.string(),
  id: z.string().optional(),
  at: z.string().optional(),
  ...kit.photoArgs,
});

export const sendPhoto = kit.defineKind({
  name: 'chat.send-photo',
  args: photoMessageArgs,
  validate(args) {
    kit.checkPhoto(args);
    if ([...args.caption].length > MAX_CAPTION_LENGTH)
      throw new kit.MutationValidationError('Messages can be 4,000 characters at most.');
  },
  prepare(args, ctx) {
    const made = kit.withNewId(args, ctx);
    return { ...made, path: args.path ?? `${args.eventId}/${made.id}/photo-${ctx.now}.${kit.photoExtension(args)}` };
  },
  refs: (args) => [kit.refTo('event')(args.eventId)],
  creates: (args) => [kit.refTo('chat-message')(args.id)],
  async applyLocal(w, args) {
    const existing = await w.get('chatMessages', args.id);
    await w.put('chatMessages', {
      key: args.id,
      id: args.id,
      event_id: args.eventId,
      body: args.caption.trim(),
      reply_to_id: null,
      author_id: w.userId,
      imported: false,
      original_sender_name: null,
      edited_at: existing?.edited_at ?? null,
      photo_path: existing ? existing.photo_path : args.path,
      deleted_at: existing?.deleted_at ?? null,
      ...kit.madeAt(existing, args.at),
    });
  },
  async send({ client }, args) {
    await kit.uploadOnce(client, CHAT_PHOTO_BUCKET, args.path, args.bytes, {
      contentType: args.contentType,
      forbidden: 'You can no longer send photos to this chat',
      failed: 'Failed to upload the photo',
    });
    return kit.insertOnce(client, chatMessagesSource, {
      id: args.id,
      event_id: args.eventId,
      body: args.caption.trim(),
      photo_path: args.path,
    });
  },
  reconcile: kit.storeAnswer(chatMessagesSource),
  describe: (args, ctx) => `Send a photo${kit.inEvent(ctx, 'in', args.eventId)}`,
});
