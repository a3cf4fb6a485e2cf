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
import { TINY_PNG } from '../support/images.ts';
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
    // created_by and the amount in CHF are the database's; another currency is organizer's.
    expect((await record(member.client, freeEvent, { paid_by: member.id, created_by: other.id })).error?.code).toBe(
      '42501',
    );
    expect(
      (await record(member.client, freeEvent, { paid_by: member.id, amount_event_minor: 1 })).error?.code,
    ).toBeDefined();
    expect((await record(member.client, freeEvent, { paid_by: member.id, currency: 'EUR' })).error?.message).toBe(
      'Expenses in other currencies are advanced splitting. Upgrade to organizer to unlock this feature',
    );
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

describe('advanced splitting: currencies and several payers (organizer)', () => {
  it('keeps the rate fixed on the expense and the amount in CHF rounded half up', async () => {
    const eur = await record(member.client, organizerEvent, {
      paid_by: member.id,
      amount_minor: 1001,
      currency: 'EUR',
      rate_e6: 935_500,
    });
    expect(eur.error).toBeNull();
    const [row] = await sql<{ amount_event_minor: string; rate_e6: string }>(
      `select amount_event_minor, rate_e6 from public.expenses where id = $1`,
      [eur.data!.id],
    );
    // 10.01 EUR at 0.9355 = 9.364355 CHF -> 9.36
    expect(Number(row.amount_event_minor)).toBe(936);
    await member.client.from('expenses').update({ amount_minor: 1000, rate_e6: 1_234_567 }).eq('id', eur.data!.id);
    const [changed] = await sql<{ amount_event_minor: string }>(
      `select amount_event_minor from public.expenses where id = $1`,
      [eur.data!.id],
    );
    expect(Number(changed.amount_event_minor)).toBe(1235); // 12.34567 -> 12.35
    // CHF is always at par, unknown currencies are refused, and a starter event stays in CHF.
    expect(
      (await record(member.client, organizerEvent, { paid_by: member.id, rate_e6: 2_000_000 })).error,
    ).not.toBeNull();
    expect((await record(member.client, organizerEvent, { paid_by: member.id, currency: 'XXX' })).error).not.toBeNull();
    expect(
      (await record(member.client, starterEvent, { paid_by: member.id, currency: 'USD', rate_e6: 800_000 })).error
        ?.message,
    ).toBe('Expenses in other currencies are advanced splitting. Upgrade to organizer to unlock this feature');
  });

  it('takes several payers who are members and add up to the amount, on organizer events only', async () => {
    const payers = [
      { user_id: member.id, paid_minor: 700 },
      { user_id: other.id, paid_minor: 300 },
    ];
    const ok = await record(member.client, organizerEvent, { paid_by: member.id, payers });
    expect(ok.error).toBeNull();
    expect(
      (await record(member.client, organizerEvent, { paid_by: member.id, payers: [payers[0]] })).error?.message,
    ).toBe('What the payers paid adds up to 700, not the 1000 of the expense.');
    expect(
      (
        await record(member.client, organizerEvent, {
          paid_by: member.id,
          payers: [payers[0], { user_id: outsider.id, paid_minor: 300 }],
        })
      ).error?.message,
    ).toBe('Only members of the event can have paid.');
    expect((await record(member.client, organizerEvent, { paid_by: orgCreator.id, payers })).error?.message).toBe(
      'The main payer must be one of the payers.',
    );
    expect(
      (
        await record(member.client, organizerEvent, {
          paid_by: member.id,
          payers: [payers[0], { user_id: other.id, paid_minor: 300.5 }],
        })
      ).error?.message,
    ).toBe('Each payer is a member with a whole, positive number of cents.');
    expect((await record(member.client, starterEvent, { paid_by: member.id, payers })).error?.message).toBe(
      'Upgrade to organizer to unlock this feature',
    );
  });

  it('records a settlement paid in another currency at a fixed rate, consistent with the CHF it settles', async () => {
    const settle = (client: SupabaseClient, eventId: string, fields: Record<string, unknown>) =>
      client
        .from('settlements')
        .insert({ id: randomUUID(), event_id: eventId, from_user: member.id, to_user: other.id, ...fields })
        .select('id, amount_minor, paid_currency, paid_amount_minor, paid_rate_e6')
        .single();
    // CHF 45.30 settled as EUR 48.19 at 0.94 (48.19 * 0.94 = 45.2986).
    const ok = await settle(member.client, organizerEvent, {
      amount_minor: 4530,
      paid_currency: 'EUR',
      paid_amount_minor: 4819,
      paid_rate_e6: 940_000,
    });
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ amount_minor: 4530, paid_currency: 'EUR', paid_amount_minor: 4819 });
    const off = await settle(member.client, organizerEvent, {
      amount_minor: 4530,
      paid_currency: 'EUR',
      paid_amount_minor: 4000,
      paid_rate_e6: 940_000,
    });
    expect(off.error?.code).toBe('23514');
    const half = await settle(member.client, organizerEvent, { amount_minor: 4530, paid_currency: 'EUR' });
    expect(half.error?.code).toBe('23514');
    const starter = await settle(member.client, starterEvent, {
      amount_minor: 4530,
      paid_currency: 'EUR',
      paid_amount_minor: 4819,
      paid_rate_e6: 940_000,
    });
    expect(starter.error?.message).toBe(
      'Settling in another currency is advanced splitting. Upgrade to organizer to unlock this feature',
    );
  });
});

describe('two members editing one expense', () => {
  // Edits made offline in the last hour (the database caps times in the future at five minutes).
  const hourAgo = Date.now() - 3_600_000;
  const at = (minutes: number) => new Date(hourAgo + minutes * 60_000).toISOString();
  async function fresh() {
    const { data, error } = await record(member.client, organizerEvent, { paid_by: member.id, title: 'Fuel' });
    expect(error).toBeNull();
    const [row] = await sql<{ field_edits: Record<string, { at: string }> }>(
      `select field_edits from public.expenses where id = $1`,
      [data!.id],
    );
    return {
      id: data!.id as string,
      seen: Object.fromEntries(Object.entries(row.field_edits).map(([k, v]) => [k, v.at])),
    };
  }
  const edit = (client: SupabaseClient, id: string, changes: Record<string, unknown>) =>
    client.from('expenses').update(changes).eq('id', id).select('id').single();
  const read = async (id: string) =>
    (
      await sql<{ title: string; category: string; amount_minor: string; replaced: Record<string, unknown>[] }>(
        `select title, category, amount_minor, replaced from public.expenses where id = $1`,
        [id],
      )
    )[0];

  it('keeps both members’ changes to different fields', async () => {
    const { id, seen } = await fresh();
    expect((await edit(member.client, id, { title: 'Diesel', edited_at: at(1), edit_base: seen })).error).toBeNull();
    expect(
      (await edit(orgCreator.client, id, { category: 'transport', edited_at: at(0), edit_base: seen })).error,
    ).toBeNull();
    expect(await read(id)).toMatchObject({ title: 'Diesel', category: 'transport', replaced: [] });
  });

  it('lets the later-made change win even when it arrives first, and keeps what it replaced', async () => {
    const { id, seen } = await fresh();
    // The organiser changed the title at :05 and was online; the member changed it at :02 offline.
    await edit(orgCreator.client, id, { title: 'Diesel', edited_at: at(5), edit_base: seen });
    await edit(member.client, id, { title: 'Petrol', edited_at: at(2), edit_base: seen });
    await edit(member.client, id, { title: 'Petrol', edited_at: at(2), edit_base: seen }); // a replay
    const after = await read(id);
    expect(after.title).toBe('Diesel');
    expect(after.replaced).toEqual([
      expect.objectContaining({
        group: 'title',
        value: { title: 'Petrol' },
        by: member.id,
        replaced_by: orgCreator.id,
      }),
    ]);
  });

  it('lets a later-made change replace an earlier one, and keeps the earlier one for its author', async () => {
    const { id, seen } = await fresh();
    await edit(orgCreator.client, id, { amount_minor: 1200, edited_at: at(3), edit_base: seen });
    await edit(member.client, id, { amount_minor: 1500, edited_at: at(9), edit_base: seen });
    const after = await read(id);
    expect(Number(after.amount_minor)).toBe(1500);
    expect(after.replaced).toEqual([
      expect.objectContaining({ group: 'money', by: orgCreator.id, replaced_by: member.id }),
    ]);
    expect((after.replaced[0].value as { amount_minor: number }).amount_minor).toBe(1200);
    // An edit made after seeing the other one is no conflict: nothing more is recorded.
    const [row] = await sql<{ field_edits: Record<string, { at: string }> }>(
      `select field_edits from public.expenses where id = $1`,
      [id],
    );
    await edit(orgCreator.client, id, {
      amount_minor: 1600,
      edited_at: at(20),
      edit_base: { money: row.field_edits.money.at },
    });
    expect((await read(id)).replaced).toHaveLength(1);
  });
});

describe('receipt photos', () => {
  const png = () => new Blob([TINY_PNG], { type: 'image/png' });

  it('are kept privately for the event’s members, added by who may change the expense, in its folder', async () => {
    const { data } = await record(member.client, starterEvent, { paid_by: member.id });
    const id = data!.id as string;
    const key = `${starterEvent}/${id}/receipt-1.png`;
    const bucket = (client: SupabaseClient) => client.storage.from('receipts');
    expect((await bucket(member.client).upload(key, png())).error).toBeNull();
    expect((await bucket(outsider.client).upload(`${starterEvent}/${id}/mine.png`, png())).error).not.toBeNull();
    // Another member, who may not change this expense, cannot add its receipt either.
    expect((await bucket(other.client).upload(`${starterEvent}/${id}/other.png`, png())).error).not.toBeNull();
    expect((await bucket(member.client).upload(`${starterEvent}/${randomUUID()}/x.png`, png())).error).not.toBeNull();
    expect((await bucket(member.client).upload(`${starterEvent}/not-a-uuid/x.png`, png())).error).not.toBeNull();
    expect(
      (await bucket(member.client).upload(`${starterEvent}/${id}/note.txt`, new Blob(['hi']))).error,
    ).not.toBeNull();
    expect((await bucket(other.client).download(key)).error).toBeNull();
    expect((await bucket(outsider.client).download(key)).error).not.toBeNull();
    expect((await bucket(anon).download(key)).error).not.toBeNull();

    // The expense points at it; a path outside its own folder is refused.
    expect(
      (await member.client.from('expenses').update({ receipt_path: key }).eq('id', id).select('id')).error,
    ).toBeNull();
    const elsewhere = await member.client
      .from('expenses')
      .update({ receipt_path: `${starterEvent}/${randomUUID()}/receipt.png` })
      .eq('id', id)
      .select('id');
    expect(elsewhere.error?.code).toBe('23514');
    // Another member may not remove it; who added it may.
    await bucket(other.client).remove([key]);
    expect((await bucket(member.client).download(key)).error).toBeNull();
    expect((await bucket(member.client).remove([key])).data).toHaveLength(1);
    expect((await bucket(member.client).download(key)).error).not.toBeNull();
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
