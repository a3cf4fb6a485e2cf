/**
 * Cancel at period end takes effect in the database (issue 21): once the period of a plan cancelled
 * at its end is over, the maintenance moves the user to free, and the free limits apply to them and
 * to the events they created (decisions "Tiers": the events follow their creator's tier, data is
 * kept and only gated; what is already there stays, new events, members and co-organizers beyond
 * the free limits are refused). A plan whose period is still running, or that was not cancelled
 * (the provider renews it), is left alone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { activeMembers, addMembers, makeEvent, makeUser, rpc, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startDb();
});

afterAll(async () => {
  await backend?.stop();
});

/** What the checkout's mock flow and manage-subscription's cancel record, as the server does. */
async function subscribe(user: TestUser, periodEnd: string, cancel: boolean) {
  await backend.db.query(
    `select public.apply_subscription_change($1, 'premium', 'active', now() - interval '30 days', $2::timestamptz, $3)`,
    [user.id, periodEnd, cancel],
  );
}

const plan = async (userId: string) =>
  (
    await backend.db.query(
      `select p.subscription_tier, s.tier, s.status, s.cancel_at_period_end, s.current_period_end is not null as has_end
       from public.profiles p join public.stripe_subscriptions s on s.user_id = p.id where p.id = $1`,
      [userId],
    )
  ).rows[0];

const maintenance = async () =>
  (await backend.db.query<{ r: Record<string, number> }>(`select public.run_maintenance() as r`)).rows[0].r;

it('moves a plan cancelled at period end to free once the period is over, and the free limits apply', async () => {
  const olga = await makeUser(backend, 'olga');
  await subscribe(olga, new Date(Date.now() + 86_400_000).toISOString(), true);
  expect(await plan(olga.id)).toMatchObject({ subscription_tier: 'organizer', cancel_at_period_end: true });
  const events = [await makeEvent(olga), await makeEvent(olga), await makeEvent(olga)];
  const crew = await Promise.all(['ana', 'ben', 'cem', 'dora', 'eli'].map((n) => makeUser(backend, n)));
  await addMembers(backend, events[0].id, [
    { id: crew[0].id, role: 'admin' },
    ...crew.slice(1, 4).map((c) => ({ id: c.id })),
  ]);

  // The period is still running: nothing changes.
  expect((await maintenance()).plans_ended).toBe(0);
  expect((await plan(olga.id)).subscription_tier).toBe('organizer');

  // The clock passes the period's end.
  await backend.db.query(
    `update public.stripe_subscriptions set current_period_end = now() - interval '1 minute' where user_id = $1`,
    [olga.id],
  );
  expect((await maintenance()).plans_ended).toBe(1);
  expect(await plan(olga.id)).toEqual({
    subscription_tier: 'free',
    tier: 'free',
    status: 'canceled',
    cancel_at_period_end: false,
    has_end: true,
  });

  // Everything stays: the events, active, with all their members and the co-organizer; only gated.
  const { rows } = await backend.db.query(
    `select status, access_tier from public.events where created_by = $1 order by created_at`,
    [olga.id],
  );
  expect(rows).toEqual(events.map(() => ({ status: 'active', access_tier: 'free' })));
  expect(await activeMembers(backend, events[0].id)).toHaveLength(5);
  expect(await rpc(olga.client, 'check_access', { p_key: 'event_transport', p_event_id: events[0].id })).toEqual({
    access: 'gated_access',
    required_tier: 'starter',
    current_tier: 'free',
    feature: 'event_transport',
  });

  // New events, members and co-organizers beyond the free limits are refused.
  const third = await olga.client.from('events').insert({ name: 'One more' });
  expect(third.error?.message).toBe('Your free plan allows 2 active events at once. Upgrade to starter for more.');
  await expect(addMembers(backend, events[0].id, [{ id: crew[4].id }])).rejects.toThrow(
    'This event has reached its limit of 4 members on the free plan.',
  );
  await expect(addMembers(backend, events[1].id, [{ id: crew[4].id, role: 'admin' }])).rejects.toThrow(
    'The free plan has no co-organizers.',
  );

  // Done once: the next run has nothing to end.
  expect((await maintenance()).plans_ended).toBe(0);
});

it('leaves a plan that was not cancelled (the provider renews it) and one whose period runs on', async () => {
  const renewing = await makeUser(backend, 'renewing');
  await subscribe(renewing, new Date(Date.now() - 60_000).toISOString(), false);
  const running = await makeUser(backend, 'running');
  await subscribe(running, new Date(Date.now() + 3_600_000).toISOString(), true);
  await maintenance();
  expect(await plan(renewing.id)).toMatchObject({ subscription_tier: 'organizer', status: 'active' });
  expect(await plan(running.id)).toMatchObject({ subscription_tier: 'organizer', cancel_at_period_end: true });
});
