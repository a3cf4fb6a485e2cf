/**
 * Pure helpers of the chat screen: the 4,000-character rule said before sending, day separators,
 * groups of one author's messages, the unread marker, reactions grouped per emoji, and message text cut into plain text and links
 * (links are the only thing made clickable; nothing else in a message is interpreted).
 */
export const MAX_MESSAGE_LENGTH = 4000;
const MESSAGE_TOO_LONG = 'Messages can be 4,000 characters at most.';

/** Characters as the database counts them (code points, so an emoji counts once). */
function messageLength(body: string): number {
  return [...body].length;
}

/** What the composer says: characters left, and the rule's message when over. */
export function composerState(body: string): { left: number; canSend: boolean; error: string | null } {
  const left = MAX_MESSAGE_LENGTH - messageLength(body);
  if (left < 0) return { left, canSend: false, error: MESSAGE_TOO_LONG };
  return { left, canSend: body.trim().length > 0, error: null };
}

interface Timed {
  id: string;
  created_at: string;
  author_id?: string | null;
  deleted_at?: string | null;
}

/** Messages of one author this close together form a group: name and time shown once. */
const GROUP_WINDOW_MS = 5 * 60 * 1000;

interface Sent {
  created_at: string;
  author_id: string | null;
  imported: boolean;
  original_sender_name: string | null;
}

/** Whether `message` continues the group of `previous` (the message just above it, same day). */
export function continuesGroup(previous: Sent | undefined, message: Sent): boolean {
  if (!previous) return false;
  const sender = (m: Sent) => (m.imported && !m.author_id ? `imported:${m.original_sender_name}` : m.author_id);
  if (sender(previous) !== sender(message) || sender(message) === null) return false;
  const gap = Date.parse(message.created_at) - Date.parse(previous.created_at);
  return gap >= 0 && gap <= GROUP_WINDOW_MS;
}

/** The calendar day of a timestamp in a time zone (`YYYY-MM-DD`). */
function dayOf(timestamp: string, timeZone?: string): string {
  return dayFormat(timeZone).format(new Date(timestamp));
}

// Making a formatter costs far more than using one: one per zone (a long history has thousands of messages).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(key, format);
  }
  return format;
}

export type ChatRow<T> = { type: 'day'; key: string; day: string } | { type: 'message'; key: string; message: T };

/** The messages (oldest first) with a day separator before the first message of each day. */
export function withDaySeparators<T extends Timed>(
  messages: readonly T[],
  timeZone?: string,
  /** Days already worked out, by message object (a long history is laid out again on every change). */
  cache?: WeakMap<T, string>,
): ChatRow<T>[] {
  const rows: ChatRow<T>[] = [];
  let current: string | null = null;
  for (const message of messages) {
    let day = cache?.get(message);
    if (day === undefined) {
      day = dayOf(message.created_at, timeZone);
      cache?.set(message, day);
    }
    if (day !== current) {
      rows.push({ type: 'day', key: `day-${day}`, day });
      current = day;
    }
    rows.push({ type: 'message', key: message.id, message });
  }
  return rows;
}

/**
 * Messages after the read marker that others wrote: how many, and the first one (where the
 * "new messages" line goes). Without a marker everything others wrote is unread.
 */
export function unread<T extends Timed>(
  messages: readonly T[],
  lastReadAt: string | null | undefined,
  me: string,
): { count: number; firstId: string | null } {
  const since = lastReadAt ? Date.parse(lastReadAt) : -Infinity;
  let count = 0;
  let firstId: string | null = null;
  for (const m of messages) {
    if (m.author_id === me || m.deleted_at || Date.parse(m.created_at) <= since) continue;
    count++;
    firstId ??= m.id;
  }
  return { count, firstId };
}

export interface ReactionSummary {
  emoji: string;
  count: number;
  mine: boolean;
  userIds: string[];
}

/** Reactions of one message, per emoji, in the order each emoji first appeared. */
export function summarizeReactions(
  reactions: readonly { message_id: string; user_id: string; emoji: string; updated_at: string }[],
  messageId: string,
  me: string,
): ReactionSummary[] {
  const byEmoji = new Map<string, ReactionSummary>();
  const ordered = reactions
    .filter((r) => r.message_id === messageId)
    .sort((a, b) => a.updated_at.localeCompare(b.updated_at));
  for (const r of ordered) {
    const summary = byEmoji.get(r.emoji) ?? { emoji: r.emoji, count: 0, mine: false, userIds: [] };
    summary.count++;
    summary.mine ||= r.user_id === me;
    summary.userIds.push(r.user_id);
    byEmoji.set(r.emoji, summary);
  }
  return [...byEmoji.values()];
}

export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Message text cut into plain text and links (http, https and www. addresses only). */
export function splitLinks(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    let text = match[0];
    const trailing = TRAILING.exec(text)?.[0] ?? '';
    // keep a closing bracket that belongs to the address (wikipedia links)
    const keep = trailing.startsWith(')') && text.includes('(') ? 1 : 0;
    text = text.slice(0, text.length - trailing.length + keep);
    const start = match.index;
    if (start > last) parts.push({ type: 'text', text: body.slice(last, start) });
    parts.push({ type: 'link', text, href: text.toLowerCase().startsWith('www.') ? `https://${text}` : text });
    last = start + text.length;
  }
  if (last < body.length) parts.push({ type: 'text', text: body.slice(last) });
  return parts;
}
