/**
 * Row-level security and privileges of the notification tables (issue 19), through supabase-js
 * as each actor: a user reads and marks read only their own notifications, and nothing else of
 * them; settings, devices and follows are their owner's; announcements are the event's; the
 * outboxes and their procedures are the server's alone. Read state is idempotent: a replay from
 * another device keeps the first read time, and "mark all" marks only what the device had shown.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { makeUser, startDb, type TestUser } from './events-support.ts';
import { addDevice, bell, call, crew, now, type Crew } from './notifications-support.ts';

let backend: TestBackend;
let camp: Crew; // organizer event with members Owner and Other
let owner: TestUser;
let other: TestUser;
let outsider: TestUser;
let anon: SupabaseClient;

beforeAll(async () => {
  backend = await startDb();
  camp = await crew(backend, 'organizer', ['owner', 'other']);
  [owner, other] = camp.members;
  outsider = await makeUser(backend, 'rlsoutsider');
  anon = backend.anon();
  // Something for the owner's bell: the creator changes the place twice.
  await camp.creator.client.from('events').update({ location: 'Meadow' }).eq('id', camp.eventId);
  await camp.creator.client.from('events').update({ location: 'Forest' }).eq('id', camp.eventId);
});

afterAll(async () => {
  await backend?.stop();
});

describe('notifications', () => {
  it('are read by their owner only', async () => {
    const mine = await owner.client.from('notifications').select('id, user_id, kind');
    expect(mine.error).toBeNull();
    expect(mine.data?.length).toBeGreaterThan(0);
    expect(mine.data?.every((n) => n.user_id === owner.id)).toBe(true);
    const ids = mine.data!.map((n) => n.id);
    expect((await outsider.client.from('notifications').select('id').in('id', ids)).data).toEqual([]);
    expect((await other.client.from('notifications').select('id').in('id', ids)).data).toEqual([]);
    expect((await anon.from('notifications').select('id')).error?.code).toBe('42501');
  });

  it("cannot be written by clients, except the read time of one's own", async () => {
    const [row] = await bell(backend, owner.id, 'event_changed');
    const insert = await owner.client.from('notifications').insert({
      user_id: owner.id,
      kind: 'event_changed',
      category: 'event_changes',
      title: 'Forged',
    });
    expect(insert.error?.code).toBe('42501');
    expect((await owner.client.from('notifications').update({ title: 'Changed' }).eq('id', row.id)).error?.code).toBe(
      '42501',
    );
    expect((await owner.client.from('notifications').delete().eq('id', row.id)).error?.code).toBe('42501');
    // Another user's row: not seen, not changed.
    const stranger = await other.client
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', row.id)
      .select();
    expect(stranger.data).toEqual([]);
    expect((await bell(backend, owner.id, 'event_changed'))[0].read_at).toBeNull();
    // The owner's read time: never in the future, and the first one stays.
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const marked = await owner.client
      .from('notifications')
      .update({ read_at: future })
      .eq('id', row.id)
      .select('read_at')
      .single();
    expect(new Date(marked.data!.read_at).getTime()).toBeLessThan(Date.now() + 60_000);
    const again = await owner.client
      .from('notifications')
      .update({ read_at: future })
      .eq('id', row.id)
      .select('read_at')
      .single();
    expect(again.data!.read_at).toBe(marked.data!.read_at);
  });

  it('take exactly the categories of the settings (the check lists them, the API roles run nothing in private)', async () => {
    const { rows } = await backend.db.query<{ categories: string[]; check: string }>(
      `select private.notification_categories() as categories,
         (select pg_get_constraintdef(c.oid) from pg_constraint c
          where c.conrelid = 'public.notifications'::regclass and c.contype = 'c'
            and pg_get_constraintdef(c.oid) like '%category%') as check`,
    );
    const listed = [...rows[0].check.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...rows[0].categories].sort());
  });

  it('are marked read by id, replays change nothing, and "all" stops at what the device had shown', async () => {
    const rows = await bell(backend, owner.id);
    const unread = rows.filter((n) => n.read_at === null);
    expect(unread.length).toBeGreaterThan(0);
    const first = await call(owner, 'mark_notifications_read', { p_ids: [unread[0].id] });
    expect(first).toMatchObject({ success: true, marked: 1 });
    expect(await call(owner, 'mark_notifications_read', { p_ids: [unread[0].id] })).toMatchObject({ marked: 0 });
    // Someone else's id is no-one's business.
    expect(await call(other, 'mark_notifications_read', { p_ids: unread.map((n) => n.id) })).toMatchObject({
      marked: 0,
    });

    const shown = await now(backend);
    await camp.creator.client.from('events').update({ location: 'Lake' }).eq('id', camp.eventId); // arrives later
    await call(owner, 'mark_all_notifications_read', { p_event_id: camp.eventId, p_before: shown });
    const after = await bell(backend, owner.id);
    expect(after.filter((n) => n.read_at === null).map((n) => n.body)).toEqual(['Place: Lake']);
    await call(owner, 'mark_all_notifications_read', {});
    expect((await bell(backend, owner.id)).every((n) => n.read_at !== null)).toBe(true);
  });
});

describe('settings, devices and follows', () => {
  it("are their owner's alone", async () => {
    expect((await other.client.from('notification_settings').select('user_id')).data).toEqual([{ user_id: other.id }]);
    const changed = await other.client
      .from('notification_settings')
      .update({ digest_enabled: true })
      .eq('user_id', owner.id)
      .select();
    expect(changed.data).toEqual([]);
    const forged = await other.client.from('notification_settings').insert({ user_id: outsider.id });
    expect(forged.error?.code).toBe('42501');
    expect(
      (await other.client.from('notification_settings').update({ last_digest_at: null }).eq('user_id', other.id)).error
        ?.code,
    ).toBe('42501');
    expect((await anon.from('notification_settings').select('user_id')).error?.code).toBe('42501');

    const device = await addDevice(owner);
    expect((await other.client.from('push_subscriptions').select('id')).data).toEqual([]);
    const direct = await other.client.from('push_subscriptions').insert({
      user_id: other.id,
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      p256dh: device.p256dh,
      auth: device.auth,
    });
    expect(direct.error?.code).toBe('42501');
    expect(
      (
        await owner.client
          .from('push_subscriptions')
          .update({ endpoint: 'https://evil.example/' })
          .eq('endpoint', device.endpoint)
      ).error?.code,
    ).toBe('42501');
    const renamed = await owner.client
      .from('push_subscriptions')
      .update({ device_label: 'Tent phone' })
      .eq('endpoint', device.endpoint)
      .select('device_label');
    expect(renamed.data).toEqual([{ device_label: 'Tent phone' }]);
    expect(
      (await other.client.from('push_subscriptions').delete().eq('endpoint', device.endpoint).select()).data,
    ).toEqual([]);
    expect(
      (await owner.client.from('push_subscriptions').delete().eq('endpoint', device.endpoint).select('id')).data,
    ).toHaveLength(1);

    await call(owner, 'set_event_follow', { p_event_id: camp.eventId, p_follow: true });
    expect((await owner.client.from('event_follows').select('event_id')).data).toEqual([{ event_id: camp.eventId }]);
    expect((await other.client.from('event_follows').select('event_id')).data).toEqual([]);
    const follow = await other.client.from('event_follows').insert({ event_id: camp.eventId, user_id: other.id });
    expect(follow.error?.code).toBe('42501');
  });
});

describe('announcements', () => {
  it("are the event's: members read them, outsiders not; only withdrawing is a change", async () => {
    const id = randomUUID();
    expect(
      (await camp.creator.client.from('announcements').insert({ id, event_id: camp.eventId, body: 'Gate code 4711' }))
        .error,
    ).toBeNull();
    expect((await owner.client.from('announcements').select('body').eq('id', id)).data).toEqual([
      { body: 'Gate code 4711' },
    ]);
    expect((await outsider.client.from('announcements').select('body').eq('id', id)).data).toEqual([]);
    expect(
      (await camp.creator.client.from('announcements').update({ body: 'Gate code 1234' }).eq('id', id)).error?.code,
    ).toBe('42501');
    expect(
      (await owner.client.from('announcements').update({ deleted_at: new Date().toISOString() }).eq('id', id).select())
        .data,
    ).toEqual([]);
    await call(owner, 'mark_announcement_seen', { p_announcement_id: id });
    // Members see their own seen mark, managers everyone's; nobody writes them directly.
    expect((await other.client.from('announcement_reads').select('user_id').eq('announcement_id', id)).data).toEqual(
      [],
    );
    const managers = await camp.creator.client.from('announcement_reads').select('user_id').eq('announcement_id', id);
    expect(managers.data?.map((r) => r.user_id).sort()).toEqual([camp.creator.id, owner.id].sort());
    const forged = await other.client
      .from('announcement_reads')
      .insert({ announcement_id: id, event_id: camp.eventId, user_id: other.id });
    expect(forged.error?.code).toBe('42501');
    expect(await call(outsider, 'mark_announcement_seen', { p_announcement_id: id })).toEqual({
      success: false,
      message: 'This announcement is not in one of your events.',
    });
    const withdrawn = await camp.creator.client
      .from('announcements')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('deleted_at');
    expect(withdrawn.data?.[0].deleted_at).not.toBeNull();
  });
});

describe('the outboxes', () => {
  it("are the server's: no client may take or report jobs, or run the housekeeping", async () => {
    for (const client of [owner.client, anon]) {
      for (const [fn, args] of [
        ['claim_push_jobs', { p_limit: 10 }],
        ['finish_push_jobs', { p_results: [] }],
        ['claim_mail_jobs', { p_limit: 10 }],
        ['finish_mail_jobs', { p_results: [] }],
        ['run_notification_maintenance', {}],
      ] as const) {
        const { error } = await client.rpc(fn, args);
        expect(error?.code, fn).toBe('42501');
      }
    }
    const { data, error } = await backend.service().rpc('claim_push_jobs', { p_limit: 10 });
    expect(error).toBeNull();
    expect(Array.isArray(data)).toBe(true);
  });
});
