/**
 * The event's currency in the database (issue 21): a known ISO 4217 code, chosen at creation or
 * taken from the creator's last event (else CHF), changeable only while the event has no expenses;
 * expenses and payments are in it (its rate is 1), and another currency with a rate stays the
 * organizer's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let starter: TestUser;
let organizer: TestUser;
let member: TestUser;

beforeAll(async () => {
  backend = await startDb();
  starter = await makeUser(backend, 'starter', { tier: 'starter' });
  organizer = await makeUser(backend, 'organizer', { tier: 'organizer' });
  member = await makeUser(backend, 'member');
});

afterAll(async () => {
  await backend?.stop();
});

const currencyOf = async (id: string) =>
  (await backend.db.query<{ currency: string }>(`select currency from public.events where id = $1`, [id])).rows[0]
    .currency;

function addExpense(user: TestUser, eventId: string, fields: Record<string, unknown> = {}) {
  return user.client
    .from('expenses')
    .insert({
      id: randomUUID(),
      event_id: eventId,
      title: 'Groceries',
      amount_minor: 1000,
      paid_by: user.id,
      spent_on: '2027-07-01',
      category: 'food',
      ...fields,
    })
    .select('currency, rate_e6, amount_event_minor')
    .single();
}

describe('events.currency', () => {
  it('is chosen at creation, else the creator’s last event’s, else CHF', async () => {
    const fresh = await makeUser(backend, 'fresh', { tier: 'organizer' });
    const first = await makeEvent(fresh);
    expect(await currencyOf(first.id)).toBe('CHF');
    const euro = await makeEvent(fresh, { currency: 'EUR' });
    expect(await currencyOf(euro.id)).toBe('EUR');
    // Left out: the creator's most recent event's currency, not another user's.
    const next = await makeEvent(fresh);
    expect(await currencyOf(next.id)).toBe('EUR');
    expect(await currencyOf((await makeEvent(member)).id)).toBe('CHF');
  });

  it('is a known ISO 4217 code', async () => {
    for (const currency of ['XYZ', 'eur', 'EURO', '']) {
      const { error } = await starter.client.from('events').insert({ name: 'Bad money', currency }).select('id');
      expect(error?.code, currency).toBe('23514');
    }
    const event = await makeEvent(starter);
    const { error } = await starter.client.from('events').update({ currency: 'ABC' }).eq('id', event.id);
    expect(error?.code).toBe('23514');
    expect(await currencyOf(event.id)).toBe('CHF');
  });

  it('can be changed until the event has an expense, then never', async () => {
    const event = await makeEvent(starter);
    await addMembers(backend, event.id, [{ id: member.id }]);
    expect((await starter.client.from('events').update({ currency: 'EUR' }).eq('id', event.id)).error).toBeNull();
    expect(await currencyOf(event.id)).toBe('EUR');
    const expense = await addExpense(member, event.id);
    expect(expense.error).toBeNull();
    // The expense is in the event's currency, at a rate of 1.
    expect(expense.data).toEqual({ currency: 'EUR', rate_e6: 1_000_000, amount_event_minor: 1000 });
    const refused = await starter.client.from('events').update({ currency: 'GBP' }).eq('id', event.id);
    expect(refused.error?.message).toBe('The currency can only be changed while the event has no expenses.');
    expect(await currencyOf(event.id)).toBe('EUR');
    // Other details still change.
    expect((await starter.client.from('events').update({ location: 'Lake' }).eq('id', event.id)).error).toBeNull();
  });

  it('keeps expenses in the event’s currency at a rate of 1, another currency organizer-only', async () => {
    const euro = await makeEvent(starter, { currency: 'EUR' });
    const wrongRate = await addExpense(starter, euro.id, { currency: 'EUR', rate_e6: 950_000 });
    expect(wrongRate.error?.message).toBe("EUR is the event's currency: its rate is 1.");
    const francs = await addExpense(starter, euro.id, { currency: 'CHF', rate_e6: 1_050_000 });
    expect(francs.error?.message).toMatch(/Upgrade to organizer/);
    const orgEuro = await makeEvent(organizer, { currency: 'EUR' });
    const inFrancs = await addExpense(organizer, orgEuro.id, { currency: 'CHF', rate_e6: 1_050_000 });
    expect(inFrancs.error).toBeNull();
    expect(inFrancs.data).toEqual({ currency: 'CHF', rate_e6: 1_050_000, amount_event_minor: 1050 });
  });

  it('puts payments in the event’s currency, and one paid in another names a different one', async () => {
    const euro = await makeEvent(organizer, { currency: 'EUR' });
    await addMembers(backend, euro.id, [{ id: member.id }]);
    expect((await addExpense(organizer, euro.id, { shares: [] })).error).toBeNull();
    const settle = (fields: Record<string, unknown>) =>
      member.client
        .from('settlements')
        .insert({ id: randomUUID(), event_id: euro.id, from_user: member.id, to_user: organizer.id, ...fields })
        .select('currency')
        .single();
    const plain = await settle({ amount_minor: 500 });
    expect(plain.error).toBeNull();
    expect(plain.data).toEqual({ currency: 'EUR' });
    const inEuro = await settle({ amount_minor: 500, paid_currency: 'EUR', paid_amount_minor: 500, paid_rate_e6: 1e6 });
    expect(inEuro.error?.code).toBe('23514');
    const inFrancs = await settle({
      amount_minor: 950,
      paid_currency: 'CHF',
      paid_amount_minor: 1000,
      paid_rate_e6: 950_000,
    });
    expect(inFrancs.error).toBeNull();
  });
});
