/** The catch-up summary: what others did in each event since the user was last caught up. */
import { describe, expect, it } from 'vitest';
import { catchUpSummary, type CatchUpInput } from '../../src/features/notifications/catch-up.ts';

const since = '2027-07-01T10:00:00.000Z';
const before = '2027-07-01T09:59:59.999Z';
const after = '2027-07-01T10:00:00.123456+00:00';

function input(changes: Partial<CatchUpInput>): CatchUpInput {
  return {
    since,
    me: 'me',
    events: [
      { id: 'g', name: 'Gurten Festival' },
      { id: 'l', name: 'Lake weekend' },
    ],
    messages: [],
    expenses: [],
    scheduleItems: [],
    assignedItems: [],
    myRides: [],
    ...changes,
  };
}

describe('catch-up summary', () => {
  it('counts what others did since, per event, and says when my ride leaves now', () => {
    const messages = [
      ...Array.from({ length: 23 }, () => ({ event_id: 'g', created_at: after, author_id: 'eva' })),
      { event_id: 'g', created_at: after, author_id: 'me' },
      { event_id: 'g', created_at: before, author_id: 'eva' },
      { event_id: 'l', created_at: after, author_id: 'eva' },
    ];
    const expenses = [
      { event_id: 'g', created_at: after, created_by: 'eva' },
      { event_id: 'g', created_at: after, created_by: 'noah' },
      { event_id: 'g', created_at: after, created_by: 'me' },
    ];
    const myRides = [
      { event_id: 'g', updated_at: after, departs_at: '2027-07-02T09:00:00', driver_id: 'lukas' },
      { event_id: 'l', updated_at: after, departs_at: '2027-07-02T18:30:00', driver_id: 'me' },
    ];
    expect(catchUpSummary(input({ messages, expenses, myRides }))).toEqual([
      { eventId: 'g', name: 'Gurten Festival', text: '23 messages, 2 expenses, your ride leaves at 9:00 now' },
      { eventId: 'l', name: 'Lake weekend', text: '1 message' },
    ]);
  });

  it('lists new schedule items and list items assigned to me, and nothing when nothing happened', () => {
    const scheduleItems = [{ event_id: 'l', created_at: after, created_by: 'eva' }];
    const assignedItems = [
      { event_id: 'l', updated_at: after, assignee_id: 'me', updated_by: 'eva' },
      { event_id: 'l', updated_at: after, assignee_id: 'me', updated_by: 'me' },
      { event_id: 'l', updated_at: before, assignee_id: 'me', updated_by: 'eva' },
    ];
    expect(catchUpSummary(input({ scheduleItems, assignedItems }))).toEqual([
      { eventId: 'l', name: 'Lake weekend', text: '1 new schedule item, 1 list item for you' },
    ]);
    expect(catchUpSummary(input({}))).toEqual([]);
  });
});
