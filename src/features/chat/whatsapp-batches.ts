/**
 * Turns the messages read from a WhatsApp export into the batches `chat.import-whatsapp` sends:
 * each with the member the organiser confirmed for its sender (or none), messages longer than the
 * 4,000-character rule split into parts, and each message's occurrence (how many identical
 * messages, same time, sender and text, came before it in the export). The server's import key is
 * made of time, sender, text and occurrence, so importing the same export twice adds nothing and
 * two identical "ok"s in one minute both arrive.
 */
import { MAX_MESSAGE_LENGTH } from './chat-helpers.ts';

export interface ExportedMessage {
  /** The time the export shows, as an instant (ISO string or Date). */
  sentAt: string | Date;
  sender: string;
  body: string;
}

export interface ImportMessage {
  sent_at: string;
  sender_name: string;
  user_id: string | null;
  body: string;
  occurrence: number;
}

const IMPORT_BATCH_SIZE = 1000;

/** Splits text into parts of at most `max` code points. */
export function splitLongText(body: string, max = MAX_MESSAGE_LENGTH): string[] {
  const chars = [...body];
  if (chars.length <= max) return [body];
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += max) parts.push(chars.slice(i, i + max).join(''));
  return parts;
}

export function toImportMessages(
  messages: readonly ExportedMessage[],
  matches: Readonly<Record<string, string | null | undefined>>,
): ImportMessage[] {
  const seen = new Map<string, number>();
  const out: ImportMessage[] = [];
  for (const m of messages) {
    const sentAt = (m.sentAt instanceof Date ? m.sentAt : new Date(m.sentAt)).toISOString();
    const sender = m.sender.trim();
    if (!sender || !m.body.trim()) continue;
    for (const body of splitLongText(m.body)) {
      const key = JSON.stringify([sentAt, sender, body]);
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      out.push({
        sent_at: sentAt,
        sender_name: sender.slice(0, 200),
        user_id: matches[sender] ?? null,
        body,
        occurrence,
      });
    }
  }
  return out;
}

/** The import in batches of at most `size` messages (one outbox entry each). */
export function importBatches(messages: readonly ImportMessage[], size = IMPORT_BATCH_SIZE): ImportMessage[][] {
  const batches: ImportMessage[][] = [];
  for (let i = 0; i < messages.length; i += size) batches.push(messages.slice(i, i + size));
  return batches;
}
