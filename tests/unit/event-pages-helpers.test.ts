/**
 * The pure helpers behind the chat, checklists and schedule screens: the composer's 4,000
 * character rule, day separators, unread counts, reactions, links; the WhatsApp import batches
 * (occurrences, long messages, matches); "my items" and the text export; schedule clashes, days,
 * and the same refusals the database makes, word for word.
 */
import { describe, expect, it } from 'vitest';
import {
  composerState,
  continuesGroup,
  splitLinks,
  summarizeReactions,
  unread,
  withDaySeparators,
} from '../../src/features/chat/chat-helpers.ts';
import { importBatches, splitLongText, toImportMessages } from '../../src/features/chat/whatsapp-batches.ts';
import { checklistAsText, myItems, progress } from '../../src/features/checklists/checklist-helpers.ts';
import { byDay, clashes, scheduleProblem } from '../../src/features/schedule/schedule-helpers.ts';
import { chatMessagesSource, isoInstant } from '../../src/features/chat/sync/chat-sources.ts';
import { wallClock } from '../../src/sync/server-values.ts';

const msg = (id: string, created_at: string, author_id = 'ann') => ({ id, created_at, author_id });

describe('chat helpers', () => {
  it('says the 4,000-character rule before sending, counting an emoji once', () => {
    expect(composerState('x'.repeat(4000))).toEqual({ left: 0, canSend: true, error: null });
    expect(composerState('x'.repeat(4001))).toEqual({
      left: -1,
      canSend: false,
      error: 'Messages can be 4,000 characters at most.',
    });
    expect(composerState('🔥'.repeat(4000)).canSend).toBe(true);
    expect(composerState('   ').canSend).toBe(false);
  });

  it('puts a day separator before the first message of each day, in the given time zone', () => {
    const rows = withDaySeparators(
      [msg('a', '2027-07-01T21:30:00Z'), msg('b', '2027-07-01T22:30:00Z'), msg('c', '2027-07-02T08:00:00Z')],
      'Europe/Zurich',
    );
    expect(rows.map((r) => (r.type === 'day' ? r.day : r.key))).toEqual(['2027-07-01', 'a', '2027-07-02', 'b', 'c']);
  });

  it("counts unread messages after the marker, not the user's own", () => {
    const messages = [
      msg('a', '2027-07-01T10:00:00Z'),
      msg('b', '2027-07-01T11:00:00Z', 'me'),
      msg('c', '2027-07-01T12:00:00Z'),
    ];
    expect(unread(messages, '2027-07-01T10:00:00Z', 'me')).toEqual({ count: 1, firstId: 'c' });
    expect(unread(messages, null, 'me')).toEqual({ count: 2, firstId: 'a' });
  });

  it('does not count deleted messages as unread', () => {
    const messages = [msg('a', '2027-07-01T10:00:00Z'), { ...msg('b', '2027-07-01T11:00:00Z'), deleted_at: 'x' }];
    expect(unread(messages, null, 'me')).toEqual({ count: 1, firstId: 'a' });
  });

  it('groups consecutive messages of one author within five minutes', () => {
    const m = (author_id: string | null, created_at: string, sender: string | null = null) => ({
      author_id,
      created_at,
      imported: author_id === null,
      original_sender_name: sender,
    });
    expect(continuesGroup(undefined, m('ana', '2027-07-01T10:00:00Z'))).toBe(false);
    expect(continuesGroup(m('ana', '2027-07-01T10:00:00Z'), m('ana', '2027-07-01T10:04:59Z'))).toBe(true);
    expect(continuesGroup(m('ana', '2027-07-01T10:00:00Z'), m('ana', '2027-07-01T10:05:00Z'))).toBe(true);
    expect(continuesGroup(m('ana', '2027-07-01T10:00:00Z'), m('ana', '2027-07-01T10:05:01Z'))).toBe(false);
    expect(continuesGroup(m('ana', '2027-07-01T10:00:00Z'), m('ben', '2027-07-01T10:01:00Z'))).toBe(false);
    // Imported messages without an account group by the original sender's name.
    const carla = m(null, '2027-07-01T10:00:00Z', 'Carla');
    expect(continuesGroup(carla, m(null, '2027-07-01T10:01:00Z', 'Carla'))).toBe(true);
    expect(continuesGroup(carla, m(null, '2027-07-01T10:01:00Z', 'Dan'))).toBe(false);
  });

  it('groups reactions per emoji and marks mine', () => {
    const r = (user_id: string, emoji: string, at: string) => ({ message_id: 'm', user_id, emoji, updated_at: at });
    expect(
      summarizeReactions(
        [r('me', '👍', '2'), r('ann', '🔥', '1'), r('bob', '🔥', '3'), { ...r('x', '👍', '0'), message_id: 'n' }],
        'm',
        'me',
      ),
    ).toEqual([
      { emoji: '🔥', count: 2, mine: false, userIds: ['ann', 'bob'] },
      { emoji: '👍', count: 1, mine: true, userIds: ['me'] },
    ]);
  });

  it('makes only http, https and www. addresses links, without trailing punctuation', () => {
    expect(splitLinks('Tickets: https://gurten.ch/tickets. Map at www.example.com/map!')).toEqual([
      { type: 'text', text: 'Tickets: ' },
      { type: 'link', text: 'https://gurten.ch/tickets', href: 'https://gurten.ch/tickets' },
      { type: 'text', text: '. Map at ' },
      { type: 'link', text: 'www.example.com/map', href: 'https://www.example.com/map' },
      { type: 'text', text: '!' },
    ]);
    expect(splitLinks('<b>javascript:alert(1)</b>')).toEqual([{ type: 'text', text: '<b>javascript:alert(1)</b>' }]);
    expect(splitLinks('see https://en.wikipedia.org/wiki/Tent_(disambiguation)')[1]).toMatchObject({
      text: 'https://en.wikipedia.org/wiki/Tent_(disambiguation)',
    });
  });
});

describe('WhatsApp import batches', () => {
  it('numbers identical messages, matches senders and splits long ones', () => {
    const out = toImportMessages(
      [
        { sentAt: '2027-06-01T18:03:00Z', sender: 'Lea', body: 'ok' },
        { sentAt: '2027-06-01T18:03:00Z', sender: 'Lea', body: 'ok' },
        { sentAt: '2027-06-01T18:03:00Z', sender: '+41 79 123 45 67', body: 'ok' },
        { sentAt: new Date('2027-06-01T18:04:00Z'), sender: 'Lea', body: 'x'.repeat(4001) },
        { sentAt: '2027-06-01T18:05:00Z', sender: 'Lea', body: '   ' },
      ],
      { Lea: 'user-lea' },
    );
    expect(out.map((m) => [m.sender_name, m.user_id, m.body.length, m.occurrence])).toEqual([
      ['Lea', 'user-lea', 2, 0],
      ['Lea', 'user-lea', 2, 1],
      ['+41 79 123 45 67', null, 2, 0],
      ['Lea', 'user-lea', 4000, 0],
      ['Lea', 'user-lea', 1, 0],
    ]);
    expect(out[0].sent_at).toBe('2027-06-01T18:03:00.000Z');
    expect(splitLongText('🔥'.repeat(4001)).map((p) => [...p].length)).toEqual([4000, 1]);
    expect(importBatches(out, 2).map((b) => b.length)).toEqual([2, 2, 1]);
  });
});

describe('checklist helpers', () => {
  const item = (id: string, checklist_id: string, extra: Record<string, unknown> = {}) => ({
    id,
    checklist_id,
    text: id,
    quantity: 1,
    assignee_id: 'me',
    due_date: null as string | null,
    done: false,
    position: 'V',
    ...extra,
  });

  it('lists my items across lists: open first, then by due date and list order', () => {
    const lists = [
      { id: 'shopping', title: 'Shopping', position: 'k' },
      { id: 'packing', title: 'Packing', position: 'V' },
    ];
    const items = [
      item('bread', 'shopping'),
      item('tent', 'packing'),
      item('stove', 'packing', { done: true }),
      item('gas', 'shopping', { due_date: '2027-06-30' }),
      item('not-mine', 'packing', { assignee_id: 'ann' }),
      item('gone-list', 'deleted'),
    ];
    expect(myItems(items, lists, 'me').map((i) => i.id)).toEqual(['gas', 'tent', 'bread', 'stove']);
    expect(progress(items)).toEqual({ done: 1, total: 6 });
  });

  it('writes a list as plain text in its order', () => {
    const text = checklistAsText(
      { title: 'Packing' },
      [
        item('Sleeping bags', 'p', { position: 'k', quantity: 6, assignee_id: null }),
        item('Tent', 'p', { done: true, quantity: 2, due_date: '2027-07-01' }),
      ],
      (id) => (id === 'me' ? 'Hannah' : null),
    );
    expect(text).toBe('Packing\n[x] Tent ×2 (Hannah, due 2027-07-01)\n[ ] Sleeping bags ×6');
  });
});

describe('schedule helpers', () => {
  const at = (id: string, starts_at: string, ends_at: string) => ({ id, starts_at, ends_at });

  it('groups by day, an item on every day it covers', () => {
    const items = [
      at('a', '2027-07-01T10:00:00', '2027-07-01T12:00:00'),
      at('b', '2027-07-01T11:00:00', '2027-07-01T13:00:00'),
      at('c', '2027-07-01T13:00:00', '2027-07-01T14:00:00'),
      at('d', '2027-07-01T22:00:00', '2027-07-03T00:00:00'),
    ];
    expect(byDay(items).map((d) => [d.day, d.items.map((i) => i.id)])).toEqual([
      ['2027-07-01', ['a', 'b', 'c', 'd']],
      ['2027-07-02', ['d']],
    ]);
  });

  it('flags a clash only where the same person is assigned to both overlapping items', () => {
    const items = [
      at('a', '2027-07-01T10:00:00', '2027-07-01T12:00:00'),
      at('b', '2027-07-01T11:00:00', '2027-07-01T13:00:00'),
      at('c', '2027-07-01T12:00:00', '2027-07-01T14:00:00'),
      at('d', '2027-07-01T09:00:00', '2027-07-01T18:00:00'),
    ];
    const assigned = (pairs: string[]) => pairs.map((p) => ({ item_id: p[0], user_id: p.slice(1) }));
    // Overlaps that share nobody, or with nobody assigned, are no clash.
    expect(clashes(items, [])).toEqual(new Map());
    expect(clashes(items, assigned(['aann', 'bben', 'cann']))).toEqual(new Map());
    // Ann on a and b (overlapping); Ben on b and c (overlapping); c and a only touch.
    const found = clashes(items, assigned(['aann', 'bann', 'bben', 'cben', 'cann', 'dzoe']));
    expect(Object.fromEntries(found)).toEqual({
      a: [{ id: 'b', people: ['ann'] }],
      b: [
        { id: 'a', people: ['ann'] },
        { id: 'c', people: ['ann', 'ben'] },
      ],
      c: [{ id: 'b', people: ['ann', 'ben'] }],
    });
    // A long item clashes with each overlapping one its person is on; duplicates count once.
    expect(Object.fromEntries(clashes(items, assigned(['dann', 'dann', 'aann', 'cann'])))).toEqual({
      a: [{ id: 'd', people: ['ann'] }],
      c: [{ id: 'd', people: ['ann'] }],
      d: [
        { id: 'a', people: ['ann'] },
        { id: 'c', people: ['ann'] },
      ],
    });
  });

  it("explains the database's refusals with its words", () => {
    const free = { start_date: '2027-08-01', end_date: '2027-08-03', access_tier: 'free' as const };
    const starter = { ...free, access_tier: 'starter' as const };
    expect(scheduleProblem(free, at('x', '2027-08-02T10:00:00', '2027-08-02T11:00:00'))).toBeNull();
    expect(scheduleProblem(free, at('x', '2027-07-31T10:00:00', '2027-07-31T11:00:00'))).toBe(
      "Schedule items must fall within the event's dates (2027-08-01 to 2027-08-03).",
    );
    expect(scheduleProblem(starter, at('x', '2027-08-03T22:00:00', '2027-08-04T00:00:00'))).toBeNull();
    expect(scheduleProblem(free, at('x', '2027-08-01T20:00:00', '2027-08-02T10:00:00'))).toBe(
      'Items that span several days are part of the extended schedule. Upgrade to starter to unlock this feature',
    );
    expect(scheduleProblem(free, at('x', '2027-08-02T10:00:00', '2027-08-02T09:00:00'))).toBe(
      'An item must end after it starts.',
    );
    const undated = { start_date: null, end_date: null, access_tier: 'free' as const };
    const others = [at('a', '2027-09-01T10:00:00', '2027-09-01T11:00:00')];
    expect(scheduleProblem(undated, at('x', '2027-09-30T10:00:00', '2027-09-30T11:00:00'), others)).toBeNull();
    expect(scheduleProblem(undated, at('x', '2027-10-01T10:00:00', '2027-10-01T11:00:00'), others)).toBe(
      'Your free plan allows a schedule of up to 30 planning days; this item would make it 31 days. Upgrade to starter for up to 180 days.',
    );
  });
});

describe('pulled rows', () => {
  it("stores message times in the device's sortable form and schedule times as wall clock", () => {
    expect(isoInstant('2027-07-01T10:00:00.123456+02:00')).toBe('2027-07-01T08:00:00.123Z');
    expect(isoInstant('2027-07-01 08:00:00+00')).toBe('2027-07-01T08:00:00.000Z');
    expect(wallClock('2027-07-01 08:00:00')).toBe('2027-07-01T08:00:00');
    expect(wallClock('2027-07-01T08:00')).toBe('2027-07-01T08:00:00');
    const server = {
      id: 'm',
      event_id: 'e',
      author_id: 'ana',
      body: 'Hi',
      reply_to_id: null,
      imported: false,
      original_sender_name: null,
      original_sent_at: null,
      import_batch_id: null,
      import_key: null,
      created_at: '2027-07-01 10:00:00+02',
      edited_at: null,
      updated_at: '2027-07-01T08:00:01.5+00:00',
      deleted_at: null,
      photo_path: null,
    };
    expect(chatMessagesSource.toRow(server, 'me')).toEqual({
      key: 'm',
      row: {
        key: 'm',
        id: 'm',
        event_id: 'e',
        author_id: 'ana',
        body: 'Hi',
        reply_to_id: null,
        imported: false,
        original_sender_name: null,
        created_at: '2027-07-01T08:00:00.000Z',
        edited_at: null,
        updated_at: '2027-07-01T08:00:01.5+00:00',
        deleted_at: null,
        photo_path: null,
      },
    });
    // A deleted message stays as a tombstone: the chat shows that it was deleted.
    const deleted = chatMessagesSource.toRow({ ...server, body: '', deleted_at: '2027-07-01T08:00:00Z' }, 'me');
    expect(deleted.row).toMatchObject({ key: 'm', body: '', deleted_at: '2027-07-01T08:00:00Z' });
    // The select reads the device row's columns, the keyset's and the tombstone, nothing else.
    expect(chatMessagesSource.select.split(',').sort()).toEqual(
      Object.keys(server)
        .filter((c) => !['import_batch_id', 'import_key', 'original_sent_at'].includes(c))
        .sort(),
    );
  });
});
