/**
 * The matrix's kits for the tables of accounts, events, invitations, friends and billing: the row
 * each case works on, the change an update tries, and the row an insert tries.
 */
import type { Actor, Matrix, Op, TableKit } from './rls-matrix-support.ts';
import { uniqueEmail } from './events-support.ts';

export function accountKits(m: Matrix): Record<string, TableKit> {
  const { users } = m;
  let restoreOrganizer = false;
  return {
    tier_limits: {
      key: 'tier',
      async target(op: Op) {
        if (op !== 'select') restoreOrganizer = true;
        return 'organizer';
      },
      patch: () => ({ monthly_price: 51 }),
      changed: m.column('tier_limits', 'tier', 'monthly_price'),
      async insert() {
        restoreOrganizer = true;
        await m.sql(`delete from public.tier_limits where tier = 'organizer'`);
        return {
          payload: {
            tier: 'organizer',
            max_events_simultaneously: 25,
            max_planning_days: 370,
            max_members_per_event: 40,
            max_co_organizers: 4,
            auto_delete_past_events_after_days: 180,
            monthly_price: 50,
            yearly_price: 540,
          },
          id: 'organizer',
        };
      },
      async cleanup() {
        if (!restoreOrganizer) return;
        restoreOrganizer = false;
        await m.sql(`insert into public.tier_limits values ('organizer', 25, 370, 40, 4, 180, 50, 540)
                     on conflict (tier) do update set monthly_price = 50`);
      },
    },
    app_settings: {
      key: 'key',
      target: async () =>
        m.one(`insert into public.app_settings (key, value) values ($1, '{"enabled": true}') returning key as v`, [
          m.marker(),
        ]),
      patch: () => ({ value: { enabled: false } }),
      changed: async (id) =>
        (await m.one(`select value::text as v from public.app_settings where key = $1`, [id])) === '{"enabled": false}',
      insert: async () => {
        const key = m.marker();
        return { payload: { key, value: { enabled: true } }, id: key };
      },
    },
    waitlist: {
      key: 'id',
      target: async () =>
        m.one(`insert into public.waitlist (email) values ($1) returning id as v`, [uniqueEmail('waiting')]),
      patch: () => ({ notes: m.marker() }),
      changed: m.column('waitlist', 'id', 'notes'),
      insert: async () => {
        const email = uniqueEmail('joining');
        return { payload: { email }, id: email, lookup: 'email' };
      },
    },
    profiles: {
      key: 'id',
      target: async (op) => (op === 'delete' ? m.spareUser() : users.member.id),
      patch: () => ({ name: m.marker() }),
      changed: m.column('profiles', 'id', 'name'),
      insert: async () => {
        const id = await m.spareUser();
        await m.sql(`delete from public.profiles where id = $1`, [id]);
        return { payload: { id, name: 'Inserted Profile' }, id };
      },
    },
    events: {
      key: 'id',
      target: () => m.event('Matrix event'),
      patch: () => ({ name: m.marker() }),
      changed: m.column('events', 'id', 'name'),
      insert: async (actor: Actor) => {
        const ref = m.marker();
        const payload: Record<string, unknown> = { name: 'Inserted event', client_ref: ref };
        if (actor === 'service') payload.created_by = users.siteAdmin.id;
        return { payload, id: ref, lookup: 'client_ref' };
      },
      cleanup: async () => {
        await m.sql(`delete from public.events where name in ('Matrix event', 'Inserted event')`);
      },
    },
    event_members: {
      key: 'id',
      target: async () =>
        m.one(`insert into public.event_members (event_id, user_id) values ($1, $2) returning id as v`, [
          m.eventId,
          await m.spareUser(),
        ]),
      patch: () => ({ deleted_at: new Date().toISOString() }),
      changed: m.deleted('event_members'),
      insert: async () => {
        const userId = await m.spareUser();
        const id = await m.uuid();
        return { payload: { id, event_id: m.eventId, user_id: userId, role: 'member' }, id };
      },
      cleanup: async () => {
        await m.sql(`delete from public.event_members where event_id = $1 and role = 'member' and user_id <> $2`, [
          m.eventId,
          users.member.id,
        ]);
      },
    },
    event_invitations: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.event_invitations (event_id, sender_id, recipient_email) values ($1, $2, $3)
           returning id as v`,
          [m.eventId, users.creator.id, uniqueEmail('invited')],
        ),
      patch: () => ({ message: m.marker() }),
      changed: m.column('event_invitations', 'id', 'message'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, event_id: m.eventId, recipient_email: uniqueEmail('invitee') }, id };
      },
    },
    friend_requests: {
      key: 'id',
      target: async () =>
        m.one(`insert into public.friend_requests (sender_id, recipient_id) values ($1, $2) returning id as v`, [
          users.member.id,
          await m.spareUser(),
        ]),
      patch: () => ({ message: m.marker() }),
      changed: m.column('friend_requests', 'id', 'message'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, sender_id: users.member.id, recipient_id: await m.spareUser() }, id };
      },
    },
    friendships: {
      key: 'id',
      target: async () =>
        m.one(`insert into public.friendships (user_id, friend_id) values ($1, $2) returning id as v`, [
          users.member.id,
          await m.spareUser(),
        ]),
      patch: () => ({ deleted_at: new Date().toISOString() }),
      changed: m.deleted('friendships'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, user_id: users.member.id, friend_id: await m.spareUser() }, id };
      },
    },
    friend_invite_codes: {
      key: 'code',
      target: async () =>
        m.one(`insert into public.friend_invite_codes (code, user_id) values ($1, $2) returning code as v`, [
          m.marker(),
          users.member.id,
        ]),
      patch: () => ({ used_count: 5 }),
      changed: m.column('friend_invite_codes', 'code', 'used_count'),
      insert: async () => {
        const code = m.marker();
        return { payload: { code, user_id: users.member.id }, id: code };
      },
    },
    stripe_subscriptions: {
      key: 'id',
      target: async (op) =>
        op === 'delete'
          ? m.one(`insert into public.stripe_subscriptions (user_id) values ($1) returning id as v`, [
              await m.spareUser(),
            ])
          : m.one(`select id as v from public.stripe_subscriptions where user_id = $1`, [users.member.id]),
      patch: () => ({ status: m.marker() }),
      changed: m.column('stripe_subscriptions', 'id', 'status'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, user_id: await m.spareUser(), tier: 'pro' }, id };
      },
    },
    payments: {
      key: 'id',
      target: async () =>
        m.one(`insert into public.payments (user_id, kind, amount_minor) values ($1, 'tier', 2000) returning id as v`, [
          users.member.id,
        ]),
      patch: () => ({ description: m.marker() }),
      changed: m.column('payments', 'id', 'description'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, user_id: users.member.id, kind: 'tools', amount_minor: 500 }, id };
      },
    },
    // One feed per account; the hash is written by create_calendar_feed only.
    calendar_feeds: {
      key: 'user_id',
      // Turned off, so that the patch (turning it back on) shows when it is let through.
      target: async (op) => {
        const owner = op === 'delete' ? await m.spareUser() : users.member.id;
        await m.sql(
          `insert into public.calendar_feeds (user_id, token_hash, revoked_at)
           values ($1::uuid, sha256(convert_to($1::text, 'UTF8')), now()) on conflict (user_id) do update set revoked_at = now()`,
          [owner],
        );
        return owner;
      },
      patch: () => ({ revoked_at: null }),
      changed: async (id) =>
        (await m.one(`select (revoked_at is null)::text as v from public.calendar_feeds where user_id = $1`, [id])) ===
        'true',
      insert: async () => {
        const id = await m.spareUser();
        return { payload: { user_id: id, token_hash: '\\x' + '00'.repeat(32) }, id };
      },
    },
    admin_activity: {
      key: 'id',
      target: async () =>
        m.one(`insert into public.admin_activity (actor_id, action) values ($1, 'matrix') returning id as v`, [
          users.siteAdmin.id,
        ]),
      patch: () => ({ action: m.marker() }),
      changed: m.column('admin_activity', 'id', 'action'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, action: 'forged' }, id };
      },
    },
  };
}
