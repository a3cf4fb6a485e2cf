import { describe, expect, it } from 'vitest';
import { splitNoteText } from '../../src/features/events/notes/note-text.ts';

describe('event notes as text with links and phone numbers', () => {
  it('finds web addresses and phone numbers, keeping every character and line break', () => {
    const body = 'Tickets: https://tix.example.com/a?b=1.\nCall +41 79 123 45 67 or 044-555 66 77\nwww.camp.ch';
    const parts = splitNoteText(body);
    expect(parts.map((p) => p.text).join('')).toBe(body);
    expect(parts.filter((p) => p.type !== 'text')).toEqual([
      { type: 'link', text: 'https://tix.example.com/a?b=1', href: 'https://tix.example.com/a?b=1' },
      { type: 'phone', text: '+41 79 123 45 67', href: 'tel:+41791234567' },
      { type: 'phone', text: '044-555 66 77', href: 'tel:0445556677' },
      { type: 'link', text: 'www.camp.ch', href: 'https://www.camp.ch' },
    ]);
  });

  it('leaves dates, times, short numbers and other schemes as text', () => {
    const body = 'Gates 2027-07-01 at 09:00, pitch 112, javascript:alert(1)';
    expect(splitNoteText(body)).toEqual([{ type: 'text', text: body }]);
  });
});
