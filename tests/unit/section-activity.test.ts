/**
 * What is new on an event's pages (the activity feature) read from a device database: rows others
 * changed after my last visit (or after I joined, before any visit), never my own; unread chat
 * after my read marker; a visit clears a page's count.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openUserDb } from '../../src/db/crewcamp-db.ts';
import { eventsActivity, isNewSince, recordVisit } from '../../src/features/activity/section-activity.ts';

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
});
