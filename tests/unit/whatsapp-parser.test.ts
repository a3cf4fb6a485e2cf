/**
 * The WhatsApp export parser on samples written in the formats real exports have: Android and
 * iOS, English (US and UK), German (Switzerland), French; 12 and 24 hours; multi-line messages;
 * system lines; media markers; the direction marks (U+200E) and narrow no-break spaces (U+202F)
 * the apps insert. Then the sender matching and the import batches made from a parsed export.
 */
import { describe, expect, it } from 'vitest';
import { parseWhatsAppExport, senders, suggestMatches } from '../../src/features/chat/whatsapp-parser.ts';
import { toImportMessages } from '../../src/features/chat/whatsapp-batches.ts';

const LRM = '\u200e';
const NNBSP = '\u202f';

const summary = (text: string, options = {}) =>
  parseWhatsAppExport(text, options).map((m) => [m.localTime, m.sender, m.body, m.isSystem, m.isMedia]);

describe('Android exports', () => {
  it('reads en-US: month first, 12 hours with a narrow space before PM, multi-line, system and media lines', () => {
    const text = [
      `12/31/23, 9:41${NNBSP}PM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.`,
      `12/31/23, 9:42${NNBSP}PM - Lea Brunner created group "Gurten 2024"`,
      `12/31/23, 9:43${NNBSP}PM - Lea Brunner: Who brings the tent?`,
      `We need two.`,
      ``,
      `Maybe three.`,
      `1/1/24, 12:05${NNBSP}AM - +41 79 123 45 67: <Media omitted>`,
      `1/1/24, 12:06${NNBSP}PM - Marco: Happy new year: see you at 14:00!`,
      ``,
    ].join('\n');
    expect(summary(text)).toEqual([
      [
        '2023-12-31T21:41:00',
        null,
        'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.',
        true,
        false,
      ],
      ['2023-12-31T21:42:00', null, 'Lea Brunner created group "Gurten 2024"', true, false],
      ['2023-12-31T21:43:00', 'Lea Brunner', 'Who brings the tent?\nWe need two.\n\nMaybe three.', false, false],
      ['2024-01-01T00:05:00', '+41 79 123 45 67', '<Media omitted>', false, true],
      ['2024-01-01T12:06:00', 'Marco', 'Happy new year: see you at 14:00!', false, false],
    ]);
  });

  it('reads en-GB and de-CH: day first, 24 hours, four-digit years and dotted dates', () => {
    const gb = ['31/12/2023, 21:43 - Lea: Tent?', '01/01/2024, 08:00 - Marco: Coffee'].join('\n');
    expect(summary(gb).map((m) => m[0])).toEqual(['2023-12-31T21:43:00', '2024-01-01T08:00:00']);
    const ch = [
      '05.06.24, 18:02 - Hannah Weber: Wer bringt den Grill?',
      '05.06.24, 18:03 - Noah: <Medien ausgeschlossen>',
    ].join('\n');
    expect(summary(ch)).toEqual([
      ['2024-06-05T18:02:00', 'Hannah Weber', 'Wer bringt den Grill?', false, false],
      ['2024-06-05T18:03:00', 'Noah', '<Medien ausgeschlossen>', false, true],
    ]);
  });

  it('uses the option when no date tells the order, and a.m./p.m. spellings', () => {
    const text = '03/04/24, 7:15 p.m. - Chiara: Ciao';
    expect(summary(text)[0][0]).toBe('2024-04-03T19:15:00');
    expect(summary(text, { dateOrder: 'mdy' })[0][0]).toBe('2024-03-04T19:15:00');
  });
});

describe('iOS exports', () => {
  it('reads de-CH: brackets, seconds, direction marks, notices and attached files', () => {
    const text = [
      `[05.06.24, 18:00:12] Lake Thun: ${LRM}Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt.`,
      `${LRM}[05.06.24, 18:01:30] Lukas Meier: Paddle boards sind reserviert`,
      `${LRM}[05.06.24, 18:02:01] Chiara: ${LRM}<attached: 00000012-PHOTO-2024-06-05-18-02-01.jpg>`,
      `[05.06.24, 18:03:45] Lea: Super!`,
      `Ich bringe Marshmallows 🔥`,
    ].join('\n');
    expect(summary(text)).toEqual([
      ['2024-06-05T18:00:12', null, 'Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt.', true, false],
      ['2024-06-05T18:01:30', 'Lukas Meier', 'Paddle boards sind reserviert', false, false],
      ['2024-06-05T18:02:01', 'Chiara', '<attached: 00000012-PHOTO-2024-06-05-18-02-01.jpg>', false, true],
      ['2024-06-05T18:03:45', 'Lea', 'Super!\nIch bringe Marshmallows 🔥', false, false],
    ]);
  });

  it('reads en-US: month first, 12 hours with seconds, "image omitted"', () => {
    const text = [
      `[12/31/23, 11:59:58${NNBSP}PM] Sofia Keller: Countdown!`,
      `[1/1/24, 12:00:03${NNBSP}AM] Marco Rossi: ${LRM}image omitted`,
    ].join('\r\n');
    expect(summary(text)).toEqual([
      ['2023-12-31T23:59:58', 'Sofia Keller', 'Countdown!', false, false],
      ['2024-01-01T00:00:03', 'Marco Rossi', 'image omitted', false, true],
    ]);
  });

  it('reads fr-FR: day first with four-digit years', () => {
    const text = `[14/07/2024 22:30:00] Émile: Feu d'artifice !`;
    expect(summary(text)).toEqual([['2024-07-14T22:30:00', 'Émile', "Feu d'artifice !", false, false]]);
  });
});

describe('around the library', () => {
  it('decides day or month first from any date of the file, over the option', () => {
    const dayFirst = ['03/04/24, 10:00 - Lea: first', '25/04/24, 10:00 - Lea: later'].join('\n');
    expect(summary(dayFirst, { dateOrder: 'mdy' }).map((m) => m[0])).toEqual([
      '2024-04-03T10:00:00',
      '2024-04-25T10:00:00',
    ]);
    const monthFirst = ['03/04/24, 10:00 - Lea: first', '04/25/24, 10:00 - Lea: later'].join('\n');
    expect(summary(monthFirst).map((m) => m[0])).toEqual(['2024-03-04T10:00:00', '2024-04-25T10:00:00']);
  });

  it('reads year-first dates as year, month, day even when no day is over 12', () => {
    const text = ['2024-03-04 10:00 - Lea: hej', '2024-03-05 11:00 - Noah: hallå'].join('\n');
    expect(summary(text).map((m) => m[0])).toEqual(['2024-03-04T10:00:00', '2024-03-05T11:00:00']);
  });

  it('drops a BOM and the marks around phone numbers, and tells attached files from text that looks like one', () => {
    const text = [
      '\ufeff31/12/2023, 21:43 - \u202a+41 79 123 45 67\u202c: IMG-20231231-WA0001.jpg (file attached)',
      '31/12/2023, 21:44 - Lea: <see: the list>',
      'and bring a torch',
      '31/12/2023, 21:45 - Lea: <Media omitted>',
      'really',
    ].join('\n');
    expect(summary(text)).toEqual([
      ['2023-12-31T21:43:00', '+41 79 123 45 67', 'IMG-20231231-WA0001.jpg (file attached)', false, true],
      ['2023-12-31T21:44:00', 'Lea', '<see: the list>\nand bring a torch', false, false],
      ['2023-12-31T21:45:00', 'Lea', '<Media omitted>\nreally', false, false],
    ]);
  });
});

describe('matching and import', () => {
  const text = [
    '31/12/2023, 21:43 - Lea Brunner: ok',
    '31/12/2023, 21:43 - Lea Brunner: ok',
    '31/12/2023, 21:44 - lukas: 👍',
    '31/12/2023, 21:45 - Messages and calls are end-to-end encrypted.',
  ].join('\n');

  it('lists senders, suggests members by name ignoring case and accents, and numbers repeats', () => {
    const parsed = parseWhatsAppExport(text);
    expect(senders(parsed)).toEqual([
      { name: 'Lea Brunner', count: 2 },
      { name: 'lukas', count: 1 },
    ]);
    const members = [
      { user_id: 'u-lea', name: 'Léa Brunner' },
      { user_id: 'u-lukas', name: 'Lukas Meier' },
      { user_id: 'u-lukas2', name: 'Lukas Graf' },
    ];
    expect(suggestMatches(['Lea Brunner', 'lukas', 'Nobody'], members)).toEqual({
      'Lea Brunner': 'u-lea',
      lukas: null, // two members named Lukas: the organiser decides
      Nobody: null,
    });
    const batch = toImportMessages(
      parsed
        .filter((m) => !m.isSystem)
        .map((m) => ({ sentAt: new Date(`${m.localTime}Z`), sender: m.sender!, body: m.body })),
      { 'Lea Brunner': 'u-lea' },
    );
    expect(batch.map((m) => [m.sender_name, m.user_id, m.occurrence])).toEqual([
      ['Lea Brunner', 'u-lea', 0],
      ['Lea Brunner', 'u-lea', 1],
      ['lukas', null, 0],
    ]);
  });
});
