/**
 * supabase/seed.sql on a new database, after every migration and its triggers: it loads, its
 * accounts sign in with the documented passwords (bcrypt hashes made by pgcrypto, checked by the
 * auth service), and it holds what the demo needs: every tier, every event status with members,
 * invitations pending and answered, friends, waitlist entries and payments.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false, seedFile: path.resolve('supabase/seed.sql') });
});
afterAll(async () => backend?.stop());

const count = async (sql: string) =>
  Number((await backend.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0].n);

describe('the seed', () => {
  it('signs the site admin in, who can act as one', async () => {
    const client = backend.anon();
    const { data, error } = await client.auth.signInWithPassword({
      email: 'admin@crewcamp.local',
      password: 'crewcamp-admin',
    });
    expect(error).toBeNull();
    const { data: admin } = await client.rpc('is_site_admin');
    expect(admin).toBe(true);
    const stats = await client.rpc('get_user_aggregated_stats', { p_user_id: data.user!.id });
    expect(stats.data).toMatchObject({ total_tier_spend: 50, active_events_count: 1 });
  });

  it('signs users in with the demo password, but not the suspended one or a wrong password', async () => {
    for (const email of ['marco@crewcamp.local', 'lukas@crewcamp.local', 'noah@crewcamp.local']) {
      const { error } = await backend.anon().auth.signInWithPassword({ email, password: 'crewcamp-demo' });
      expect([email, error]).toEqual([email, null]);
    }
    expect(
      (await backend.anon().auth.signInWithPassword({ email: 'tobias@crewcamp.local', password: 'crewcamp-demo' }))
        .error,
    ).not.toBeNull();
    expect(
      (await backend.anon().auth.signInWithPassword({ email: 'admin@crewcamp.local', password: 'crewcamp-demo' }))
        .error,
    ).not.toBeNull();
  });

  it('has every tier, event status, invitation status and the rest', async () => {
    const { rows: tiers } = await backend.db.query(
      `select subscription_tier as tier, count(*)::int as n from public.profiles group by 1 order by 1`,
    );
    expect(tiers).toEqual([
      { tier: 'free', n: 5 },
      { tier: 'organizer', n: 3 },
      { tier: 'starter', n: 2 },
    ]);
    const { rows: statuses } = await backend.db.query(
      `select e.status, min((select count(*) from public.event_members m where m.event_id = e.id and m.deleted_at is null))::int as fewest
       from public.events e group by 1 order by 1`,
    );
    expect(statuses).toEqual([
      { status: 'active', fewest: 2 },
      { status: 'deleted', fewest: 2 },
      { status: 'past', fewest: 3 },
    ]);
    const { rows: invitations } = await backend.db.query(
      `select status, count(*)::int as n from public.event_invitations group by 1 order by 1`,
    );
    expect(invitations).toEqual([
      { status: 'accepted', n: 2 },
      { status: 'declined', n: 1 },
      { status: 'pending', n: 3 },
    ]);
    expect(await count(`public.event_members where role = 'creator'`)).toBe(6);
    expect(await count(`public.friendships`)).toBe(6);
    expect(await count(`public.friend_requests where status = 'pending'`)).toBe(2);
    expect(await count(`public.waitlist`)).toBe(4);
    expect(await count(`public.payments`)).toBe(7);
    expect(await count(`public.stripe_subscriptions where tier in ('pro', 'premium')`)).toBe(5);
  });

  it('lets a seeded user see their friends and invitations through the procedures', async () => {
    const client = backend.anon();
    await client.auth.signInWithPassword({ email: 'marco@crewcamp.local', password: 'crewcamp-demo' });
    const friends = await client.rpc('get_friends');
    expect((friends.data as { name: string }[]).map((f) => f.name)).toEqual(['Hannah Weber']);
    const incoming = await client.rpc('get_friend_requests', { p_direction: 'incoming', p_status: 'pending' });
    expect((incoming.data as { sender_name: string }[]).map((r) => r.sender_name)).toEqual(['Jonas Huber']);
    const accepted = await client.rpc('accept_friend_invite_code', { p_code: 'marco-festival-2026' });
    expect(accepted.data).toMatchObject({ success: false, message: 'You cannot use your own invite link' });
  });

  it('survives a maintenance run unchanged', async () => {
    const before = (await backend.db.query(`select id, status from public.events order by id`)).rows;
    await backend.runMaintenance();
    expect((await backend.db.query(`select id, status from public.events order by id`)).rows).toEqual(before);
  });
});
