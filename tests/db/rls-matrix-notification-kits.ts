/**
 * The matrix's kits for the notification tables: notifications, their settings, devices, follows,
 * announcements and their seen marks. Rows of one person belong to the matrix's member; the
 * announcement a case works on was posted by the event admin (only managers post).
 */
import type { Actor, Matrix, TableKit } from './rls-matrix-support.ts';

/** 86 base64url characters: the form of an uncompressed P-256 key (the column checks only the form). */
const P256DH = `B${'A'.repeat(85)}`;
const AUTH = 'AAAAAAAAAAAAAAAAAAAAAA';
const SEEN = '2027-06-01T00:00:00+00:00';

export function notificationKits(m: Matrix): Record<string, TableKit> {
  const { users, eventId } = m;
  const member = users.member.id;
  const now = () => ({ deleted_at: new Date().toISOString() });
  /** Whose row an actor's insert is about: their own; the anonymous caller and the service role's, the member's. */
  const ownerOf = (actor: Actor) => (actor === 'anonymous' || actor === 'service' ? member : users[actor].id);
  let digestHour = 0;

  const notification = () =>
    m.one(
      `insert into public.notifications (user_id, event_id, kind, category, title, data)
       values ($1, $2, 'expense_added', 'money', 'Matrix notification', '{"path": "/"}') returning id as v`,
      [member, eventId],
    );
  const announcement = () =>
    m.one(
      `insert into public.announcements (event_id, author_id, body) values ($1, $2, 'Matrix announcement')
       returning id as v`,
      [eventId, users.eventAdmin.id],
    );
  /** Every account of the matrix has its settings row again (a case may have removed one). */
  const restoreSettings = async () => {
    await m.sql(
      `insert into public.notification_settings (user_id) select unnest($1::uuid[]) on conflict (user_id) do nothing`,
      [Object.values(users).map((u) => u.id)],
    );
  };

  return {
    notifications: {
      key: 'id',
      target: notification,
      patch: () => ({ read_at: new Date().toISOString() }),
      changed: async (id) =>
        (await m.one(`select (read_at is not null)::text as v from public.notifications where id = $1`, [id])) ===
        'true',
      insert: async () => {
        const id = await m.uuid();
        const payload = { id, user_id: member, event_id: eventId, kind: 'note', category: 'money', title: 'Forged' };
        return { payload, id };
      },
    },
    notification_settings: {
      key: 'user_id',
      // One row per account, made with its profile: the member's own.
      target: async () => member,
      patch: () => ({ digest_hour: (digestHour++ % 17) + 1 }),
      changed: m.column('notification_settings', 'user_id', 'digest_hour'),
      // Each actor tries to create their own row, which is taken away first.
      insert: async (actor) => {
        const userId = ownerOf(actor);
        await m.sql(`delete from public.notification_settings where user_id = $1`, [userId]);
        return { payload: { user_id: userId, digest_enabled: true }, id: userId };
      },
      cleanup: restoreSettings,
    },
    push_subscriptions: {
      key: 'id',
      target: () =>
        m.one(
          `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)
           returning id as v`,
          [member, `https://push.example.test/${m.marker()}`, P256DH, AUTH],
        ),
      patch: () => ({ device_label: m.marker() }),
      changed: m.column('push_subscriptions', 'id', 'device_label'),
      insert: async (actor) => {
        const id = await m.uuid();
        const endpoint = `https://push.example.test/${m.marker()}`;
        return { payload: { id, user_id: ownerOf(actor), endpoint, p256dh: P256DH, auth: AUTH }, id };
      },
    },
    event_follows: {
      key: 'id',
      target: () =>
        m.one(
          `insert into public.event_follows (event_id, user_id) values ($1, $2)
           on conflict (event_id, user_id) do update set deleted_at = null returning id as v`,
          [eventId, member],
        ),
      patch: now,
      changed: m.deleted('event_follows'),
      insert: async (actor) => {
        const id = await m.uuid();
        await m.sql(`delete from public.event_follows where event_id = $1 and user_id = $2`, [eventId, ownerOf(actor)]);
        return { payload: { id, event_id: eventId, user_id: ownerOf(actor) }, id };
      },
    },
    announcements: {
      key: 'id',
      target: announcement,
      patch: now,
      changed: m.deleted('announcements'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, event_id: eventId, body: 'Inserted announcement' }, id };
      },
    },
    announcement_reads: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.announcement_reads (announcement_id, event_id, user_id) values ($1, $2, $3)
           returning id as v`,
          [await announcement(), eventId, member],
        ),
      patch: () => ({ seen_at: SEEN }),
      changed: async (id) =>
        (await m.one(`select (seen_at = $2::timestamptz)::text as v from public.announcement_reads where id = $1`, [
          id,
          SEEN,
        ])) === 'true',
      insert: async (actor) => {
        const id = await m.uuid();
        const payload = { id, announcement_id: await announcement(), event_id: eventId, user_id: ownerOf(actor) };
        return { payload, id };
      },
    },
  };
}
