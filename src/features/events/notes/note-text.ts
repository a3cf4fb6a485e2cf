/**
 * Event notes as text with their links and phone numbers found (pure): web addresses (http, https,
 * www.) open in a new tab, phone numbers (seven or more digits, a leading + allowed, with spaces,
 * dots, dashes or brackets between) call with `tel:`. Nothing else is interpreted.
 */
export type NotePart = { type: 'text'; text: string } | { type: 'link' | 'phone'; text: string; href: string };

const FOUND = /\b(?:https?:\/\/|www\.)[^\s<>"']+|(?:\+|\b)\d[\d ().\-/]{5,}\d\b/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function splitNoteText(body: string): NotePart[] {
  const parts: NotePart[] = [];
  let last = 0;
  for (const match of body.matchAll(FOUND)) {
    let text = match[0];
    const start = match.index;
    const isLink = /^(?:https?:\/\/|www\.)/i.test(text);
    if (isLink) {
      const trailing = TRAILING.exec(text)?.[0] ?? '';
      text = text.slice(0, text.length - trailing.length);
    } else {
      const digits = text.replace(/\D/g, '');
      // Dates (2027-07-01) and times are not phone numbers: at least seven digits, no line break.
      if (digits.length < 7 || /\n/.test(text) || /^\d{4}-\d{2}-\d{2}$/.test(text.trim())) continue;
    }
    if (start > last) parts.push({ type: 'text', text: body.slice(last, start) });
    parts.push(
      isLink
        ? { type: 'link', text, href: text.toLowerCase().startsWith('www.') ? `https://${text}` : text }
        : { type: 'phone', text, href: `tel:${text.startsWith('+') ? '+' : ''}${text.replace(/\D/g, '')}` },
    );
    last = start + text.length;
  }
  if (last < body.length) parts.push({ type: 'text', text: body.slice(last) });
  return parts;
}
