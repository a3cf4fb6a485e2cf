/**
 * What is new on an event's pages (the activity feature) read from a device database: rows others
 * changed after my last visit (or after I joined, before any visit), never my own; unread chat
 * after my read marker; a visit clears a page's count.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openUserDb } from '../../src/db/crewcamp-db.ts';
import { eventsActivity, isNewSince, recordVisit, unreadCount } from '../../src/features/activity/section-activity.ts';

const ME = 'me';
const put = (table: { bulkPut(rows: never[]): Promise<unknown> }, rows: object[]) => table.bulkPut(rows as never[]);

describe('what is new since I last looked', () => {
  it('is a change by someone else after the time given', () => {
    expect(isNewSince({ at: '2027-07-16T10:00:01Z', by: 'ben' }, '2027-07-16T10:00:00Z', ME)).toBe(true);
    expect(isNewSince({ at: '2027-07-16T10:00:01Z', by: ME }, '2027-07-16T10:00:00Z', ME)).toBe(false);
    expect(isNewSince({ at: '2027-07-16T09:59:59+00:00', by: 'ben' }, '2027-07-16T10:00:00Z', ME)).toBe(false);
    expect(isNewSince({ at: '2027-07-16T10:00:01Z', by: 'ben' }, null, ME)).toBe(false);
  });

  it('counts per page from the device database, and a visit clears a page', async () => {
    const db = await openUserDb(crypto.randomUUID());
    const joined = new Date(Date.now() - 60_000).toISOString();
    const before = new Date(Date.now() - 120_000).toISOString();
    const after = new Date(Date.now() - 30_000).toISOString();
    await put(db.members, [{ key: `e1|${ME}`, event_id: 'e1', user_id: ME, created_at: joined }]);
    await put(db.checklistItems, [
      { key: 'i1', event_id: 'e1', updated_at: after, updated_by: 'ben', created_by: 'ben' },
      { key: 'i2', event_id: 'e1', updated_at: after, updated_by: ME, created_by: 'ben' },
      { key: 'i3', event_id: 'e1', updated_at: before, updated_by: 'ben', created_by: 'ben' },
      { key: 'i4', event_id: 'e2', updated_at: after, updated_by: 'ben', created_by: 'ben' },
    ]);
    await put(db.scheduleItems, [
      { key: 's1', event_id: 'e1', updated_at: after, updated_by: null, created_by: 'ben' },
    ]);
    await put(db.chatMessages, [
      { key: 'm1', event_id: 'e1', author_id: 'ben', created_at: before },
      { key: 'm2', event_id: 'e1', author_id: 'ben', created_at: after },
      { key: 'm3', event_id: 'e1', author_id: ME, created_at: after },
    ]);
    await put(db.chatReadMarkers, [{ key: 'e1', event_id: 'e1', last_read_at: joined }]);

    const counts = (await eventsActivity(db, ME, ['e1'])).get('e1');
    expect(counts).toEqual({ chat: 1, checklists: 1, expenses: 0, schedule: 1, transport: 0, 'camp-planner': 0 });

    await recordVisit(db, 'e1', 'checklists');
    const [e1, e2] = [...(await eventsActivity(db, ME, ['e1', 'e2'])).values()];
    expect(e1.checklists).toBe(0);
    expect(e1.schedule).toBe(1);
    // Not a member of e2 on this device: nothing to compare with, nothing marked.
    expect(e2.checklists).toBe(0);
    db.close();
  });

  it('names who moved a site item last, and counts a seat someone else took on Transport', async () => {
    const db = await openUserDb(crypto.randomUUID());
    const joined = new Date(Date.now() - 60_000).toISOString();
    const after = new Date(Date.now() - 30_000).toISOString();
    await put(db.members, [{ key: `e1|${ME}`, event_id: 'e1', user_id: ME, created_at: joined }]);
    await put(db.siteItems, [
      // Placed by me, moved by Ben: news. Placed by Ben, moved by me: not.
      { key: 'p1', event_id: 'e1', updated_at: after, created_by: ME, updated_by: 'ben' },
      { key: 'p2', event_id: 'e1', updated_at: after, created_by: 'ben', updated_by: ME },
      { key: 'p3', event_id: 'e1', updated_at: after, created_by: 'ben', updated_by: ME },
    ]);
    await put(db.rides, [{ key: 'r1', event_id: 'e1', driver_id: ME, updated_at: joined }]);
    await put(db.ridePassengers, [
      { key: 'r1|ben', ride_id: 'r1', event_id: 'e1', user_id: 'ben', updated_at: after },
      { key: 'r1|me', ride_id: 'r1', event_id: 'e1', user_id: ME, updated_at: after },
    ]);
    const counts = (await eventsActivity(db, ME, ['e1'])).get('e1');
    expect(counts).toMatchObject({ 'camp-planner': 1, transport: 1 });
    await recordVisit(db, 'e1', 'transport');
    expect((await eventsActivity(db, ME, ['e1'])).get('e1')).toMatchObject({ 'camp-planner': 1, transport: 0 });
    db.close();
  });

  it('counts unread chat from the indexes as the chat counts it, in both stored time formats', async () => {
    const db = await openUserDb(crypto.randomUUID());
    const marker = Date.parse('2027-07-16T10:00:00.500Z');
    // Messages from 3 s before to 3 s after the marker, 100 ms apart, by Ben, me or nobody (a
    // system line), stored as 'Z' or '+00:00' times, in two events; each event has its own marker.
    const formats = [
      (ms: number) => new Date(ms).toISOString(),
      (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00'),
    ];
    const authors = ['ben', ME, null];
    const messages = ['e1', 'e2', 'e3'].flatMap((eventId) =>
      Array.from({ length: 61 }, (_, i) => ({
        key: `${eventId}-${i}`,
        event_id: eventId,
        author_id: authors[i % 3],
        created_at: formats[(i >> 1) % 2](marker - 3000 + i * 100),
      })),
    );
    await put(db.chatMessages, messages);
    const markers = {
      e1: new Date(marker).toISOString(),
      e2: new Date(marker + 1200).toISOString().replace('Z', '+00:00'),
    };
    await put(
      db.chatReadMarkers,
      Object.entries(markers).map(([eventId, at]) => ({ key: eventId, event_id: eventId, last_read_at: at })),
    );
    const counts = await eventsActivity(db, ME, ['e1', 'e2', 'e3']);
    for (const eventId of ['e1', 'e2', 'e3']) {
      const expected = unreadCount(
        messages.filter((m) => m.event_id === eventId),
        markers[eventId as keyof typeof markers],
        ME,
      );
      expect(counts.get(eventId)!.chat, eventId).toBe(expected);
    }
    // e3 has no marker: every message but mine, including the system lines.
    expect(counts.get('e3')!.chat).toBe(41);
    db.close();
  });

  it('counts each of many events from its own visit (what changed before it is left out)', async () => {
    const db = await openUserDb(crypto.randomUUID());
    const joined = new Date(Date.now() - 60_000).toISOString();
    const old = new Date(Date.now() - 3_600_000).toISOString();
    const after = new Date(Date.now() - 30_000).toISOString();
    const events = Array.from({ length: 30 }, (_, i) => `e${i}`);
    await put(
      db.members,
      events.map((id) => ({ key: `${id}|${ME}`, event_id: id, user_id: ME, created_at: joined })),
    );
    await put(
      db.checklistItems,
      events.flatMap((id, i) =>
        Array.from({ length: 20 }, (_, j) => ({
          key: `${id}-${j}`,
          event_id: id,
          // Event i has i items changed after I joined (the rest before).
          updated_at: j < i % 20 ? after : old,
          updated_by: 'ben',
        })),
      ),
    );
    const counts = await eventsActivity(db, ME, events);
    expect([...counts.keys()]).toEqual(events);
    expect(events.map((id) => counts.get(id)!.checklists)).toEqual(events.map((_, i) => i % 20));
    db.close();
  });
});
