/**
 * Reads a WhatsApp group chat export (the `_chat.txt` / `WhatsApp Chat with ….txt` text) into
 * messages, with whatsapp-chat-parser: the Android form (`31/12/2021, 21:41 - Lea: hi`) and the
 * iOS form (`[31.12.21, 21:41:05] Lea: hi`), two- or four-digit years, 12 hours (AM/PM, a.m./p.m.)
 * and 24 hours, multi-line messages, system lines (no sender) and attached files. Around it, this
 * module does what the library leaves to its callers: it turns the narrow and no-break spaces into
 * spaces and drops the invisible direction marks the apps put in (keeping, for the library's
 * result, the one iOS writes at the start of a notice's text), decides day/month order from the
 * whole file (a first number over 12 means day first, a second over 12 month first, else the
 * `dateOrder` option), marks iOS notices ("Group: ‎Messages and calls are end-to-end encrypted")
 * as system lines, and recognises the media-omitted markers. Times are the wall-clock time of the
 * phone that exported (`YYYY-MM-DDTHH:mm:ss`).
 */
import { parseString } from 'whatsapp-chat-parser';

export interface ParsedMessage {
  /** Wall-clock time as exported, `YYYY-MM-DDTHH:mm:ss`. */
  localTime: string;
  /** The sender as the export names them; null for system lines. */
  sender: string | null;
  body: string;
  isSystem: boolean;
  /** A media-omitted marker or an attached file instead of text. */
  isMedia: boolean;
}

export interface ParseOptions {
  /** Used when no date in the file tells the order. Default: day first (most locales). */
  dateOrder?: 'dmy' | 'mdy';
}

// Direction marks (LRM, RLM, embeddings, isolates) and the BOM; narrow and no-break spaces.
const DIRECTION_MARK = /[\u200e\u200f]/;
const INVISIBLE = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
// Before parsing: every invisible mark but an LRM/RLM right after "Name: " (an iOS notice's).
const INVISIBLE_BUT_NOTICE_MARK = /(?<!: )[\u200e\u200f]|[\u202a-\u202e\u2066-\u2069\ufeff]/g;
const SPACES = /[\u202f\u00a0\u2007]/g;

// The date at the start of a message line, as the library finds it (only to decide the order).
const HEADER_DATE = /^\[?(\d{1,4})[./-]\s?(\d{1,4})[./-]\s?(\d{1,4})[,.]?\s\D*?\d{1,2}[.:]\d{1,2}/gm;

// Media left out of the export; attached files are the library's `attachment`.
const OMITTED = [
  /^<media omitted>$/i,
  /^<medien ausgeschlossen>$/i,
  /^<médias omis>$/i,
  /^(image|video|audio|sticker|gif|document|contact card) omitted$/i,
  /^(bild|video|audio|sticker|gif|dokument|kontaktkarte) weggelassen$/i,
];

/** Day-first or month-first, from every date of the file (year-first dates say nothing). */
function detectDateOrder(headers: readonly { a: number; b: number }[], fallback: 'dmy' | 'mdy'): 'dmy' | 'mdy' {
  for (const h of headers) {
    if (h.a > 31) continue; // year first
    if (h.a > 12) return 'dmy';
    if (h.b > 12) return 'mdy';
  }
  return fallback;
}

/** The library's `daysFirst` for a (cleaned) export. */
function daysFirst(text: string, fallback: 'dmy' | 'mdy'): boolean {
  const dates = [...text.matchAll(HEADER_DATE)].map((m) => ({ a: Number(m[1]), b: Number(m[2]) }));
  // The library reads the longest part as the year: a year-first date is then month, day.
  if (dates.length > 0 && dates.every((d) => d.a > 31)) return false;
  return detectDateOrder(dates, fallback) === 'dmy';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The library builds each Date from the export's wall-clock fields in the device's zone: read them
 * back. (A time inside that zone's spring-forward gap, e.g. 02:30 on the night clocks go to 03:00,
 * does not exist there, so the library's Date, and this, is an hour later.)
 */
function localTime(d: Date): string {
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function parseWhatsAppExport(text: string, options: ParseOptions = {}): ParsedMessage[] {
  const cleaned = text.replace(SPACES, ' ').replace(INVISIBLE_BUT_NOTICE_MARK, '');
  const parsed = parseString(cleaned, {
    parseAttachments: true,
    daysFirst: daysFirst(cleaned, options.dateOrder ?? 'dmy'),
  });
  return parsed.map((m): ParsedMessage => {
    const body = m.message.replace(INVISIBLE, '').replace(/\n+$/, '');
    const trimmed = body.trim();
    const omitted = OMITTED.some((re) => re.test(trimmed));
    // The library's attachment test only looks at how the text starts; an attached file is the whole message.
    const attached = m.attachment !== undefined && !trimmed.includes('\n') && /[>)]$/.test(trimmed);
    const media = omitted || attached;
    // iOS writes notices as "Group name: ‎Messages and calls are end-to-end encrypted".
    const notice = m.author !== null && DIRECTION_MARK.test(m.message.charAt(0)) && !media;
    const sender = notice || m.author === null ? null : m.author.replace(INVISIBLE, '').trim();
    return {
      localTime: localTime(m.date),
      sender,
      body: sender === null ? trimmed : body,
      isSystem: sender === null,
      isMedia: sender !== null && media,
    };
  });
}

/** The senders of an export with how many messages each wrote (for the organiser to match). */
export function senders(messages: readonly ParsedMessage[]): Array<{ name: string; count: number }> {
  const counts = new Map<string, number>();
  for (const m of messages) if (m.sender) counts.set(m.sender, (counts.get(m.sender) ?? 0) + 1);
  return [...counts.entries()].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
}

/** A suggested member for each sender: the member whose name matches, ignoring case and accents. */
export function suggestMatches(
  names: readonly string[],
  members: readonly { user_id: string; name: string | null }[],
): Record<string, string | null> {
  const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  const out: Record<string, string | null> = {};
  for (const name of names) {
    const exact = members.filter((m) => m.name && norm(m.name) === norm(name));
    const first = members.filter((m) => m.name && norm(m.name).split(' ')[0] === norm(name));
    out[name] = exact.length === 1 ? exact[0].user_id : first.length === 1 ? first[0].user_id : null;
  }
  return out;
}
