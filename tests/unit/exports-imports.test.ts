/**
 * The simple exports and structured imports of the event pages: the schedule as iCalendar
 * (floating local times, escaping, folding at 75 octets, CRLF), and checklist and schedule items
 * read from CSV (quotes, delimiters, header synonyms, each bad row with its line and reason).
 */
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/lib/csv.ts';
import { checklistItemsFromCsv } from '../../src/features/checklists/csv-import.ts';
import { scheduleItemsFromCsv } from '../../src/features/schedule/csv-import.ts';
import { foldLine, toICalendar } from '../../src/features/schedule/icalendar.ts';

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

  it('writes a calendar with floating local times, escaped text and CRLF line ends', () => {
    const ics = toICalendar([item], {
      eventId: 'e1',
      calendarName: 'Gurten, 2027',
      now: new Date('2027-06-02T08:00:00Z'),
    });
    expect(ics).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//CrewCamp//Schedule//EN',
        'CALSCALE:GREGORIAN',
        'X-WR-CALNAME:Gurten\\, 2027',
        'BEGIN:VEVENT',
        'UID:c3000000-0000-4000-8000-000000000001@e1.crewcamp',
        'DTSTAMP:20270602T080000Z',
        'LAST-MODIFIED:20270601T100000Z',
        'DTSTART:20270702T110000',
        'DTEND:20270702T140000',
        'SUMMARY:Kitchen shift\\; bring knives\\, boards',
        'LOCATION:Crew kitchen',
        'DESCRIPTION:Line one\\nLine two',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'ä'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
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
