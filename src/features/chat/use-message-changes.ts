/**
 * What the composer and a message's actions change: send (a text, a reply or a photo with its
 * caption), edit and delete one's own message. Every change goes through the outbox.
 */
import { useCallback, useState } from 'react';
import { mutate, MutationValidationError } from '../../data/index.ts';
import { photoFile } from '../../data/photo-file.ts';
import type { ChatMessageRow } from './sync/chat-rows.ts';

const refusal = (error: unknown) =>
  error instanceof MutationValidationError ? error.message : 'The message could not be saved. Try again.';

export function useMessageChanges(eventId: string, replyToId: () => string | null, onSent: () => void) {
  const [editing, setEditing] = useState<ChatMessageRow | null>(null);
  const [deleting, setDeleting] = useState<ChatMessageRow | null>(null);

  async function onSend(body: string): Promise<string | null> {
    try {
      if (editing) {
        if (body !== editing.body) await mutate('chat.edit', { id: editing.id, body });
        setEditing(null);
        return null;
      }
      await mutate('chat.send', { eventId, body, replyToId: replyToId() });
      onSent();
      return null;
    } catch (error) {
      return refusal(error);
    }
  }

  async function onSendPhoto(file: File, caption: string): Promise<string | null> {
    const photo = await photoFile(file);
    if (typeof photo === 'string') return photo;
    try {
      await mutate('chat.send-photo', { eventId, caption, ...photo });
      onSent();
      return null;
    } catch (error) {
      return refusal(error);
    }
  }

  const confirmDelete = useCallback(async () => {
    if (deleting) await mutate('chat.delete', { id: deleting.id });
  }, [deleting]);

  return { editing, setEditing, deleting, setDeleting, onSend, onSendPhoto, confirmDelete };
}
