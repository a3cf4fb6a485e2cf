/**
 * The chat screen's pure parts: what it says about typing and who is online, and reading a
 * WhatsApp export from the uploaded file (the .txt itself, or the .zip around it, with fflate).
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { onlineNames, typingText } from '../../src/features/chat/chat-live-text.ts';
import { exportText, NOT_AN_EXPORT, TOO_LARGE, MAX_EXPORT_BYTES } from '../../src/features/chat/whatsapp-file.ts';

describe('typingText', () => {
  it('names one or two people and counts more', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['Ana'])).toBe('Ana is typing…');
    expect(typingText(['Ana', 'Ben'])).toBe('Ana and Ben are typing…');
    expect(typingText(['Ana', 'Ben', 'Cleo'])).toBe('3 people are typing…');
    expect(typingText([' '])).toBe('Someone is typing…');
  });
});

describe('onlineNames', () => {
  const members = [
    { user_id: 'me', name: 'Mia' },
    { user_id: 'b', name: 'Ben' },
    { user_id: 'a', name: 'Ana' },
    { user_id: 'c', name: null },
  ];
  it('lists this user first as You, then the other members by name', () => {
    expect(onlineNames(['b', 'me', 'a'], members, 'me')).toEqual(['You', 'Ana', 'Ben']);
  });
  it('leaves out people who are not members, and names a member without a name', () => {
    expect(onlineNames(['stranger', 'c'], members, 'me')).toEqual(['A member']);
  });
});

describe('exportText', () => {
  const chat = '12/07/2027, 18:03 - Lena Brandt: Who brings the big tent? 🏕️\n';

  it('reads a .txt export as UTF-8', () => {
    expect(exportText('WhatsApp Chat with Crew.txt', strToU8(chat))).toEqual({ ok: true, text: chat });
  });

  it('reads the _chat.txt inside a .zip with media beside it', () => {
    const zip = zipSync({
      '_chat.txt': strToU8(chat),
      'notes.txt': strToU8('not the chat'),
      '00000012-PHOTO-2027-07-12.jpg': new Uint8Array([0xff, 0xd8, 0xff]),
    });
    expect(exportText('WhatsApp Chat - Crew.zip', zip)).toEqual({ ok: true, text: chat });
  });

  it('reads an Android zip whose text file is named after the chat', () => {
    const zip = zipSync({ 'WhatsApp Chat with Crew.txt': strToU8(chat) });
    expect(exportText('export.zip', zip)).toEqual({ ok: true, text: chat });
  });

  it('refuses other files with a message that says what to choose', () => {
    expect(exportText('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff]))).toEqual({ ok: false, message: NOT_AN_EXPORT });
    expect(exportText('media.zip', zipSync({ 'a.jpg': new Uint8Array([1]) }))).toEqual({
      ok: false,
      message: NOT_AN_EXPORT,
    });
    expect(exportText('broken.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({
      ok: false,
      message: NOT_AN_EXPORT,
    });
    expect(exportText('binary.txt', new Uint8Array([0xc3, 0x28]))).toEqual({ ok: false, message: NOT_AN_EXPORT });
  });

  it('refuses a file over 50 MB', () => {
    expect(exportText('big.txt', new Uint8Array(MAX_EXPORT_BYTES + 1))).toEqual({ ok: false, message: TOO_LARGE });
  });
});
