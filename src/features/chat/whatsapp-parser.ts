/**
 * Reads a WhatsApp group chat export (the `_chat.txt` / `WhatsApp Chat with ….txt` text) into
 * messages. Handles what real exports contain: the Android form (`31/12/2021, 21:41 - Lea: hi`)
 * and the iOS form (`[31.12.21, 21:41:05] Lea: hi`), day/month or month/day order (decided from
 * the whole file: a first number over 12 means day first, a second over 12 month first, else the
 * `dateOrder` option), two- or four-digit years, 12 hours (AM/PM, a.m./p.m.) and 24 hours,
 * multi-line messages, system lines (encryption notices, "X added Y": no sender), media-omitted
 * and attached-file markers, and the invisible direction marks and narrow no-break spaces the
 * apps put in. Times are the wall-clock time of the phone that exported (`YYYY-MM-DDTHH:mm:ss`).
 */
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
const INVISIBLE = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const SPACES = /[\u202f\u00a0\u2007]/g;

const DATE = String.raw`(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})`;
const TIME = String.raw`(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?(?:\s*([aApP])\.?\s*[mM]\.?)?`;
const IOS_HEADER = new RegExp(String.raw`^\[${DATE},?\s+${TIME}\]\s+(.*)$`);
const ANDROID_HEADER = new RegExp(String.raw`^${DATE},?\s+${TIME}\s+-\s+(.*)$`);

const MEDIA = [
  /^<media omitted>$/i,
  /^<medien ausgeschlossen>$/i,
  /^<médias omis>$/i,
  /^<attached: .+>$/i,
  /^<anhang: .+>$/i,
  /^(image|video|audio|sticker|gif|document|contact card) omitted$/i,
  /^(bild|video|audio|sticker|gif|dokument|kontaktkarte) weggelassen$/i,
  /^.+\.(jpe?g|png|webp|heic|mp4|opus|pdf|vcf) \(file attached\)$/i,
];

interface RawHeader {
  a: number;
  b: number;
  c: number;
  hour: number;
  minute: number;
  second: number;
  meridiem: 'a' | 'p' | null;
  rest: string;
  ios: boolean;
}

function clean(line: string): string {
  return line.replace(SPACES, ' ').replace(INVISIBLE, '');
}

function header(line: string): RawHeader | null {
  const ios = IOS_HEADER.exec(line);
  const m = ios ?? ANDROID_HEADER.exec(line);
  if (!m) return null;
  return {
    a: Number(m[1]),
    b: Number(m[2]),
    c: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
    meridiem: m[7] ? (m[7].toLowerCase() as 'a' | 'p') : null,
    rest: m[8],
    ios: Boolean(ios),
  };
}

/** Day-first or month-first, from every date of the file (year-first dates say nothing). */
export function detectDateOrder(
  headers: readonly Pick<RawHeader, 'a' | 'b'>[],
  fallback: 'dmy' | 'mdy',
): 'dmy' | 'mdy' {
  for (const h of headers) {
    if (h.a > 31) continue; // year first
    if (h.a > 12) return 'dmy';
    if (h.b > 12) return 'mdy';
  }
  return fallback;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function localTime(h: RawHeader, order: 'dmy' | 'mdy'): string | null {
  let year: number;
  let month: number;
  let day: number;
  if (h.a > 31) [year, month, day] = [h.a, h.b, h.c];
  else if (order === 'dmy') [day, month, year] = [h.a, h.b, h.c];
  else [month, day, year] = [h.a, h.b, h.c];
  if (year < 100) year += 2000;
  let hour = h.hour;
  if (h.meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (h.meridiem === 'p' ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || h.minute > 59 || h.second > 59) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(h.minute)}:${pad(h.second)}`;
}

/** Splits `Sender: text`; a line without a sender (or an iOS notice, which starts with a mark) is a system line. */
function senderAndBody(rest: string, raw: string): { sender: string | null; body: string } {
  const colon = rest.indexOf(': ');
  if (colon <= 0) return { sender: null, body: rest.trim() };
  const body = rest.slice(colon + 2);
  // iOS writes notices as "Group name: ‎Messages and calls are end-to-end encrypted": the body
  // starts with a direction mark in the raw line.
  const rawBodyStart = raw.indexOf(': ');
  if (rawBodyStart >= 0 && /^[\u200e\u200f]/.test(raw.slice(rawBodyStart + 2)) && !isMediaText(clean(body).trim()))
    return { sender: null, body: body.trim() };
  return { sender: rest.slice(0, colon).trim(), body };
}

function isMediaText(body: string): boolean {
  return MEDIA.some((re) => re.test(body.trim()));
}

export function parseWhatsAppExport(text: string, options: ParseOptions = {}): ParsedMessage[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const headed: Array<{ header: RawHeader; raw: string } | { continuation: string }> = [];
  for (const raw of lines) {
    const line = clean(raw);
    const h = header(line);
    if (h) headed.push({ header: h, raw: raw.replace(SPACES, ' ') });
    else headed.push({ continuation: line });
  }
  const order = detectDateOrder(
    headed.flatMap((l) => ('header' in l ? [l.header] : [])),
    options.dateOrder ?? 'dmy',
  );
  const messages: ParsedMessage[] = [];
  for (const entry of headed) {
    if ('continuation' in entry) {
      const last = messages[messages.length - 1];
      if (last) last.body += `\n${entry.continuation}`;
      continue;
    }
    const time = localTime(entry.header, order);
    if (!time) {
      const last = messages[messages.length - 1];
      if (last) last.body += `\n${clean(entry.raw)}`;
      continue;
    }
    const { sender, body } = senderAndBody(entry.header.rest, entry.raw);
    messages.push({ localTime: time, sender, body, isSystem: sender === null, isMedia: false });
  }
  for (const m of messages) {
    m.body = m.body.replace(/\n+$/, '');
    m.isMedia = !m.isSystem && isMediaText(m.body);
  }
  return messages;
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
