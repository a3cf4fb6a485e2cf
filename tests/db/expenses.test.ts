/**
 * Shared expenses in the database (issue 8): expenses and settlements. Who reads and writes
 * through REST (anonymous, outsider, member, payer, event admin), the columns no client may forge,
 * shares that must be members' and add up to the amount to the cent, and the tier gates: manual
 * expenses everywhere, splits and settlements from starter, uneven splits from organizer.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let creator: TestUser; // starter: creator of the starter event
let orgCreator: TestUser; // organizer: creator of the organizer event
let eventAdmin: TestUser;
let member: TestUser;
let other: TestUser;
let outsider: TestUser;
let freeCreator: TestUser;
let anon: SupabaseClient;
let starterEvent: string;
let organizerEvent: string;
let freeEvent: string;

beforeAll(async () => {
  backend = await startDb();
  creator = await makeUser(backend, 'creator', { tier: 'starter' });
  orgCreator = await makeUser(backend, 'orgcreator', { tier: 'organizer' });
  eventAdmin = await makeUser(backend, 'eventadmin');
  member = await makeUser(backend, 'member');
  other = await makeUser(backend, 'other');
  outsider = await makeUser(backend, 'outsider', { tier: 'organizer' });
  freeCreator = await makeUser(backend, 'freecreator');
  anon = backend.anon();
  starterEvent = (await makeEvent(creator)).id;
  organizerEvent = (await makeEvent(orgCreator)).id;
  freeEvent = (await makeEvent(freeCreator)).id;
  await addMembers(backend, starterEvent, [{ id: eventAdmin.id, role: 'admin' }, { id: member.id }, { id: other.id }]);
  await addMembers(backend, organizerEvent, [{ id: member.id }, { id: other.id }]);
  await addMembers(backend, freeEvent, [{ id: member.id }, { id: other.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await backend.db.query<T>(text, params)).rows;
}

function record(client: SupabaseClient, eventId: string, fields: Record<string, unknown>) {
  return client
    .from('expenses')
    .insert({ id: randomUUID(), event_id: eventId, title: 'Groceries', amount_minor: 1000, ...fields })
    .select('id, created_by, currency, shares')
    .single();
}

const even3 = (a: string, b: string, c: string) => [
  { user_id: a, share_minor: 334 },
  { user_id: b, share_minor: 333 },
  { user_id: c, share_minor: 333 },
];

describe('expenses', () => {
  it('lets members record what someone paid and read it; nobody else', async () => {
    const { data, error } = await record(member.client, freeEvent, { paid_by: other.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ created_by: member.id, currency: 'CHF', shares: [] });
    expect((await freeCreator.client.from('expenses').select('id').eq('id', data!.id)).data).toHaveLength(1);
    expect((await outsider.client.from('expenses').select('id').eq('id', data!.id)).data).toEqual([]);
    expect((await anon.from('expenses').select('id')).error?.code).toBe('42501');
    expect((await record(anon, freeEvent, { paid_by: member.id })).error?.code).toBe('42501');
    const byOutsider = await record(outsider.client, freeEvent, { paid_by: outsider.id });
    expect(byOutsider.error).not.toBeNull();
    expect(await sql(`select 1 from public.expenses where created_by = $1`, [outsider.id])).toEqual([]);
    // created_by and currency are the database's.
    expect((await record(member.client, freeEvent, { paid_by: member.id, created_by: other.id })).error?.code).toBe(
      '42501',
    );
    expect((await record(member.client, freeEvent, { paid_by: member.id, currency: 'EUR' })).error?.code).toBe('42501');
  });

  it('refuses a payer who is not a member, and amounts that are not whole positive cents', async () => {
    expect((await record(member.client, freeEvent, { paid_by: outsider.id })).error?.message).toBe(
      'The person who paid must be a member of the event.',
    );
    expect((await record(member.client, freeEvent, { paid_by: member.id, amount_minor: 0 })).error?.code).toBe('23514');
    expect((await record(member.client, freeEvent, { paid_by: member.id, amount_minor: 10.5 })).error).not.toBeNull();
  });

  it('lets who recorded or paid, and managers, change or delete an expense; not other members', async () => {
    const { data } = await record(member.client, starterEvent, { paid_by: member.id });
    const id = data!.id as string;
    expect((await other.client.from('expenses').update({ title: 'Mine now' }).eq('id', id).select('id')).data).toEqual(
      [],
    );
    expect(
      (await eventAdmin.client.from('expenses').update({ title: 'Food' }).eq('id', id).select('id')).data,
    ).toHaveLength(1);
    expect(
      (await member.client.from('expenses').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'))
        .data,
    ).toHaveLength(1);
    expect((await member.client.from('expenses').update({ deleted_at: null }).eq('id', id)).error?.message).toBe(
      'This has been deleted.',
    );
  });

  it('splits only from starter, equally there, any way on organizer, always to the cent', async () => {
    const free = await record(member.client, freeEvent, {
      paid_by: member.id,
      shares: even3(member.id, other.id, freeCreator.id),
    });
    expect(free.error?.message).toBe('Upgrade to starter to unlock this feature');

    const equal = await record(member.client, starterEvent, {
      paid_by: member.id,
      shares: even3(member.id, other.id, creator.id),
    });
    expect(equal.error).toBeNull();

    const uneven = [
      { user_id: member.id, share_minor: 500 },
      { user_id: other.id, share_minor: 500 },
      { user_id: creator.id, share_minor: 0 },
    ];
    expect((await record(member.client, starterEvent, { paid_by: member.id, shares: uneven })).error?.message).toBe(
      'Splitting by shares, percentages or exact amounts is advanced splitting. Upgrade to organizer to unlock this feature',
    );
    const byShares = [
      { user_id: member.id, share_minor: 750 },
      { user_id: other.id, share_minor: 250 },
    ];
    expect((await record(member.client, organizerEvent, { paid_by: member.id, shares: byShares })).error).toBeNull();

    const cases: [unknown, string][] = [
      [
        [
          { user_id: member.id, share_minor: 500 },
          { user_id: other.id, share_minor: 499 },
        ],
        'The shares add up to 999 cents, not the 1000 of the expense.',
      ],
      [
        [
          { user_id: member.id, share_minor: 500 },
          { user_id: member.id, share_minor: 500 },
        ],
        'Each member can have only one share of an expense.',
      ],
      [
        [
          { user_id: member.id, share_minor: 500 },
          { user_id: outsider.id, share_minor: 500 },
        ],
        'An expense can only be split among members of the event.',
      ],
      [
        [
          { user_id: member.id, share_minor: 500.5 },
          { user_id: other.id, share_minor: 499.5 },
        ],
        'Each share names a member and a whole, non-negative number of cents.',
      ],
      [
        [{ user_id: 'nobody', share_minor: 1000 }],
        'Each share names a member and a whole, non-negative number of cents.',
      ],
    ];
    for (const [shares, message] of cases) {
      const { error } = await record(member.client, organizerEvent, { paid_by: member.id, shares });
      expect(error?.message, JSON.stringify(shares)).toBe(message);
    }
    // Changing the amount without the shares breaks the sum: refused too.
    const { error } = await member.client.from('expenses').update({ amount_minor: 1200 }).eq('id', equal.data!.id);
    expect(error?.message).toBe('The shares add up to 1000 cents, not the 1200 of the expense.');
  });
});

describe('settlements', () => {
  const settle = (client: SupabaseClient, eventId: string, from: string, to: string, amount = 500) =>
    client
      .from('settlements')
      .insert({ id: randomUUID(), event_id: eventId, from_user: from, to_user: to, amount_minor: amount })
      .select('id')
      .single();

  it('are recorded by members taking part (or managers) from starter, and undone, never changed', async () => {
    expect((await settle(member.client, freeEvent, member.id, other.id)).error?.message).toBe(
      'Upgrade to starter to unlock this feature',
    );
    const mine = await settle(member.client, starterEvent, member.id, other.id);
    expect(mine.error).toBeNull();
    expect((await settle(member.client, starterEvent, other.id, creator.id)).error?.code).toBe('42501');
    expect((await settle(eventAdmin.client, starterEvent, other.id, creator.id)).error).toBeNull();
    expect((await settle(member.client, starterEvent, member.id, member.id)).error?.message).toBe(
      'A settlement is between two people.',
    );
    expect((await settle(member.client, starterEvent, member.id, outsider.id)).error?.message).toBe(
      'Settlements are between members of the event.',
    );
    expect((await outsider.client.from('settlements').select('id').eq('id', mine.data!.id)).data).toEqual([]);
    expect((await other.client.from('settlements').select('id').eq('id', mine.data!.id)).data).toHaveLength(1);
    expect(
      (await member.client.from('settlements').update({ amount_minor: 1 }).eq('id', mine.data!.id)).error?.code,
    ).toBe('42501');
    expect(
      (
        await other.client
          .from('settlements')
          .update({ deleted_at: new Date().toISOString() })
          .eq('id', mine.data!.id)
          .select('id')
      ).data,
    ).toEqual([]);
    expect(
      (
        await member.client
          .from('settlements')
          .update({ deleted_at: new Date().toISOString() })
          .eq('id', mine.data!.id)
          .select('id')
      ).data,
    ).toHaveLength(1);
  });

  it('are published for realtime with their whole rows', async () => {
    const published = await sql<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime'
       and tablename in ('expenses', 'settlements') order by tablename`,
    );
    expect(published.map((r) => r.tablename)).toEqual(['expenses', 'settlements']);
  });
});
