/**
 * The simple exports and structured imports of the event pages: the schedule as iCalendar
 * (floating local times, escaping, folding at 75 octets, CRLF), and checklist and schedule items
 * read from CSV (quotes, delimiters, header synonyms, each bad row with its line and reason).
 */
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/lib/csv.ts';
import { checklistItemsFromCsv } from '../../src/features/checklists/csv-import.ts';
import { scheduleItemsFromCsv } from '../../src/features/schedule/csv-import.ts';
import { toICalendar } from '../../src/features/schedule/icalendar.ts';

describe('iCalendar export', () => {
  const item = {
    id: 'c3000000-0000-4000-8000-000000000001',
    title: 'Kitchen shift; bring knives, boards',
    starts_at: '2027-07-02T11:00:00',
    ends_at: '2027-07-02T14:00:00',
    location: 'Crew kitchen',
    notes: 'Line one\nLine two',
    updated_at: '2027-06-01T10:00:00.123Z',
  };

  /** The content lines of an .ics text, unfolded (RFC 5545 3.1: CRLF followed by a space or tab). */
  const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  /** The value of each property of one component, by name (first occurrence). */
  const properties = (lines: string[], component: string) => {
    const begin = lines.indexOf(`BEGIN:${component}`);
    const out: Record<string, string> = {};
    for (const line of lines.slice(begin + 1, lines.indexOf(`END:${component}`, begin))) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon);
      if (!(name in out)) out[name] = line.slice(colon + 1);
    }
    return out;
  };

  it('writes a calendar with floating local times, escaped text and CRLF line ends', () => {
    const ics = toICalendar([item], {
      eventId: 'e1',
      calendarName: 'Gurten, 2027',
      now: new Date('2027-06-02T08:00:00Z'),
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // no bare line breaks
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.at(-1)).toBe('');
    expect(properties(lines, 'VCALENDAR')).toMatchObject({
      VERSION: '2.0',
      PRODID: '-//CrewCamp//Schedule//EN',
      CALSCALE: 'GREGORIAN',
      'X-WR-CALNAME': 'Gurten\\, 2027',
    });
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(properties(lines, 'VEVENT')).toMatchObject({
      UID: 'c3000000-0000-4000-8000-000000000001@e1.crewcamp',
      DTSTAMP: '20270602T080000Z',
      'LAST-MODIFIED': '20270601T100000Z',
      DTSTART: '20270702T110000', // floating: no Z, no TZID
      DTEND: '20270702T140000',
      SUMMARY: 'Kitchen shift\\; bring knives\\, boards',
      LOCATION: 'Crew kitchen',
      DESCRIPTION: 'Line one\\nLine two',
    });
  });

  it('writes the times in the event’s time zone with its VTIMEZONE, whatever the device’s zone', () => {
    const deviceZone = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
        process.env.TZ = zone;
        const ics = toICalendar([item], {
          eventId: 'e1',
          now: new Date('2027-06-02T08:00:00Z'),
          timeZone: 'Europe/Berlin',
        });
        const lines = unfold(ics);
        expect(lines.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
        expect(properties(lines, 'VTIMEZONE')).toMatchObject({ TZID: 'Europe/Berlin' });
        expect(lines).toContain('TZOFFSETTO:+0200');
        expect(lines, zone).toContain('DTSTART;TZID=Europe/Berlin:20270702T110000');
        expect(lines).toContain('DTEND;TZID=Europe/Berlin:20270702T140000');
      }
    } finally {
      process.env.TZ = deviceZone;
    }
    // A zone the calendar does not know: floating times, as before.
    const unknown = unfold(toICalendar([item], { eventId: 'e1', timeZone: 'Mars/Olympus' }));
    expect(unknown).not.toContain('BEGIN:VTIMEZONE');
    expect(properties(unknown, 'VEVENT').DTSTART).toBe('20270702T110000');
  });

  it('leaves out an empty location and notes, and writes one event per item', () => {
    const ics = toICalendar(
      [
        { ...item, location: null, notes: null },
        { ...item, id: 'second', starts_at: '2027-07-03T09:30:00', ends_at: '2027-07-03T10:00:00' },
      ],
      { eventId: 'e1', now: new Date('2027-06-02T08:00:00Z') },
    );
    const lines = unfold(ics);
    expect(lines.some((l) => l.startsWith('X-WR-CALNAME'))).toBe(false);
    const events = ics
      .split('BEGIN:VEVENT')
      .slice(1)
      .map((e) => properties(unfold(`BEGIN:VEVENT${e}`), 'VEVENT'));
    expect(events.map((e) => [e.UID, e.DTSTART, e.LOCATION, e.DESCRIPTION])).toEqual([
      ['c3000000-0000-4000-8000-000000000001@e1.crewcamp', '20270702T110000', undefined, undefined],
      ['second@e1.crewcamp', '20270703T093000', 'Crew kitchen', 'Line one\\nLine two'],
    ]);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const title = 'ä'.repeat(60) + ' 🏕️ ' + 'é'.repeat(40);
    const ics = toICalendar([{ ...item, title }], { eventId: 'e1', now: new Date('2027-06-02T08:00:00Z') });
    const physical = ics.split('\r\n');
    for (const part of physical) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    const summaryAt = physical.findIndex((l) => l.startsWith('SUMMARY:'));
    expect(physical[summaryAt + 1].startsWith(' ')).toBe(true); // the summary is folded
    // no line starts or ends inside a UTF-16 surrogate pair (the emoji)
    for (const part of physical) expect(part).not.toMatch(/[\ud800-\udbff]$|^ ?[\udc00-\udfff]/);
    expect(properties(unfold(ics), 'VEVENT').SUMMARY).toBe(title);
  });
});

describe('CSV imports', () => {
  it('reads quoted fields, doubled quotes, semicolons and a BOM, each row with the line it starts on', () => {
    expect(readCsv('\ufeffa;b\r\n"x;1";"say ""hi"""\r\n\r\n"multi\nline";2\r\nlast;3')).toEqual([
      { line: 1, fields: ['a', 'b'], error: null },
      { line: 2, fields: ['x;1', 'say "hi"'], error: null },
      { line: 4, fields: ['multi\nline', '2'], error: null },
      { line: 6, fields: ['last', '3'], error: null },
    ]);
  });

  it('names a row whose quote is never closed, and counts lines past blank lines and quoted breaks', () => {
    expect(checklistItemsFromCsv('item,qty\n\n"Tent\nbig",2\nStove,1\n"Pot,1\nGas,2')).toEqual([
      { line: 3, value: { text: 'Tent\nbig', quantity: 2, dueDate: null, assignee: null } },
      { line: 5, value: { text: 'Stove', quantity: 1, dueDate: null, assignee: null } },
      { line: 6, error: 'The row could not be read: Quoted field unterminated.' },
    ]);
  });

  it('reads checklist items by header names and names each bad row', () => {
    const rows = checklistItemsFromCsv(
      'Item,Qty,Due date,Assigned to\nTent,2,2027-07-01,lea@crewcamp.local\nStove,,,\n,3,,\nGas,zero,,\nPot,1,1.7.27,',
    );
    expect(rows).toEqual([
      { line: 2, value: { text: 'Tent', quantity: 2, dueDate: '2027-07-01', assignee: 'lea@crewcamp.local' } },
      { line: 3, value: { text: 'Stove', quantity: 1, dueDate: null, assignee: null } },
      { line: 4, error: 'The item has no text.' },
      { line: 5, error: '"zero" is not a quantity.' },
      { line: 6, error: '"1.7.27" is not a date (YYYY-MM-DD).' },
    ]);
    expect(checklistItemsFromCsv('what,ever\n1,2')).toEqual([{ line: 1, error: 'The file needs an "item" column.' }]);
  });

  it('reads schedule items with their wall-clock times and refuses an end before the start', () => {
    const rows = scheduleItemsFromCsv(
      'title,start,end,location\nSunrise hike,2027-07-02 05:00,2027-07-02 08:00,Hut door\nNap,2027-07-02 14:00,2027-07-02 13:00,\nParty,tonight,late,',
    );
    expect(rows).toEqual([
      {
        line: 2,
        value: {
          title: 'Sunrise hike',
          startsAt: '2027-07-02T05:00:00',
          endsAt: '2027-07-02T08:00:00',
          location: 'Hut door',
          notes: null,
        },
      },
      { line: 3, error: 'An item must end after it starts.' },
      { line: 4, error: 'Start and end are written YYYY-MM-DD HH:mm.' },
    ]);
  });
});
