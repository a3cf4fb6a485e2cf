/**
 * The text of a WhatsApp export from what the organiser uploads: the `.txt` itself, or the `.zip`
 * the apps make when media are included (the chat is its `_chat.txt` or `WhatsApp Chat with ….txt`;
 * fflate reads it). Anything else is refused with a message that says what to choose.
 */
import { unzipSync } from 'fflate';

export const NOT_AN_EXPORT =
  'This file is not a WhatsApp chat export. Choose the .txt file, or the .zip that contains it.';
export const MAX_EXPORT_BYTES = 50 * 1024 * 1024;
export const TOO_LARGE = 'This file is larger than 50 MB. Export the chat without media and try again.';

export type ExportText = { ok: true; text: string } | { ok: false; message: string };

const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03;

/** The chat's text file among a zip's entries: `_chat.txt` first, then any other text file. */
function chatEntry(names: readonly string[]): string | null {
  const texts = names.filter((n) => /\.txt$/i.test(n) && !n.startsWith('__MACOSX/'));
  return texts.find((n) => /(^|\/)_chat\.txt$/i.test(n)) ?? texts.find((n) => /whatsapp/i.test(n)) ?? texts[0] ?? null;
}

export function exportText(name: string, bytes: Uint8Array): ExportText {
  if (bytes.length > MAX_EXPORT_BYTES) return { ok: false, message: TOO_LARGE };
  let data = bytes;
  if (isZip(bytes)) {
    try {
      const files = unzipSync(bytes, { filter: (file) => /\.txt$/i.test(file.name) });
      const entry = chatEntry(Object.keys(files));
      if (!entry) return { ok: false, message: NOT_AN_EXPORT };
      data = files[entry];
    } catch {
      return { ok: false, message: NOT_AN_EXPORT };
    }
  } else if (!/\.txt$/i.test(name)) {
    return { ok: false, message: NOT_AN_EXPORT };
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(data) };
  } catch {
    return { ok: false, message: NOT_AN_EXPORT };
  }
}
