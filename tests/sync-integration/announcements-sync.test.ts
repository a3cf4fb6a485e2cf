/**
 * Announcements of an organizer event on the devices (issue 19): a priority announcement posted
 * offline by a manager reaches the server once and another member's device; that member's "Got
 * it" (mark seen) made offline shows at once and reaches the server once, also marking the
 * announcement's notification read; following all activity offline sets the server's follow and
 * unfollowing ends it. Rules the database enforces come back as refusals with their message.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { announcementReadKey, eventFollowKey } from '../../src/features/events/sync/index.ts';
import { type Device } from './support/device.ts';
import {
  closeDevices,
  ctxOf,
  envOf,
  pushFrom as push,
  pullOnto as sync,
  twoMembersOnOneEvent,
} from './support/crew.ts';

let backend: TestBackend;
let ada: Device; // the organizer, who posts
let bob: Device; // a member
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  ({ ada, bob, eventId } = await twoMembersOnOneEvent(backend, {
    creatorTier: 'organizer',
    eventName: 'Gurten Festival',
  }));
});

afterAll(async () => {
  await closeDevices([ada, bob]);
  await backend?.stop();
});

async function q(sql: string, params: unknown[] = []) {
  return (await backend.db.query(sql, params)).rows as Record<string, unknown>[];
}

/** Sends the device's first queued change as a replay would (after a lost answer), then lets the engine send it. */
async function sendTwice(d: Device): Promise<void> {
  const waiting = () => d.db.outbox.filter((e) => e.status !== 'acked').toArray();
  const [entry] = await waiting();
  await d.registry.get(entry.kind).send(ctxOf(d), entry.args);
  expect(await push(d)).toMatchObject({ type: 'sent' });
  expect(await waiting()).toEqual([]);
}

let announcementId: string;

describe('announcements on the devices', () => {
  it('a priority announcement posted offline reaches the server once and the member device', async () => {
    await expect(mutate(envOf(ada), 'announcement.post', { eventId, body: '   ', priority: true })).rejects.toThrow(
      'Write the announcement',
    );
    await mutate(envOf(ada), 'announcement.post', {
      eventId,
      title: 'Gates',
      body: 'Gates open at 9:00, bring your wristband',
      priority: true,
    });
    const [local] = await ada.db.announcements.toArray();
    announcementId = local.id;
    expect(local).toMatchObject({ event_id: eventId, priority: true, author_id: ada.userId });
    expect(await q(`select id from public.announcements`)).toEqual([]);

    await sendTwice(ada);
    expect(await q(`select id, title, body, priority, author_id from public.announcements`)).toEqual([
      {
        id: announcementId,
        title: 'Gates',
        body: 'Gates open at 9:00, bring your wristband',
        priority: true,
        author_id: ada.userId,
      },
    ]);
    // Every other member is notified (once), the author has seen her own.
    expect(
      await q(
        `select user_id from public.notifications where kind = 'announcement' and data ->> 'announcement_id' = $1`,
        [announcementId],
      ),
    ).toEqual([{ user_id: bob.userId }]);

    await sync(bob);
    expect(await bob.db.announcements.get(announcementId)).toMatchObject({
      body: 'Gates open at 9:00, bring your wristband',
    });
    expect(await bob.db.announcementReads.get(announcementReadKey(announcementId, bob.userId))).toBeUndefined();
    const note = (await bob.db.notifications.toArray()).find((n) => n.kind === 'announcement');
    expect(note).toMatchObject({ read_at: null, title: 'Priority: Gurten Festival' });
  });

  it('"Got it" offline unpins at once and reaches the server once, the notification read too', async () => {
    await mutate(envOf(bob), 'announcement.mark-seen', { eventId, announcementId });
    const key = announcementReadKey(announcementId, bob.userId);
    expect(await bob.db.announcementReads.get(key)).toMatchObject({ user_id: bob.userId, event_id: eventId });
    expect((await bob.db.notifications.toArray()).find((n) => n.kind === 'announcement')?.read_at).not.toBeNull();
    const reads = () =>
      q(`select seen_at from public.announcement_reads where announcement_id = $1 and user_id = $2`, [
        announcementId,
        bob.userId,
      ]);
    expect(await reads()).toEqual([]);

    await sendTwice(bob);
    const seen = await reads();
    expect(seen).toHaveLength(1);
    expect(
      await q(
        `select read_at is not null as is_read from public.notifications where user_id = $1 and kind = 'announcement'`,
        [bob.userId],
      ),
    ).toEqual([{ is_read: true }]);
    await sync(bob);
    expect(await bob.db.shadows.count()).toBe(0);
    expect(await bob.db.announcementReads.get(key)).toBeDefined();
    // Replaying once more after the pull still leaves the one mark as it was.
    await bob.registry.get('announcement.mark-seen').send(ctxOf(bob), { eventId, announcementId });
    expect(await reads()).toEqual(seen);
  });

  it('following all activity offline sets the follow on the server once, unfollowing ends it', async () => {
    const key = eventFollowKey(eventId, bob.userId);
    const follows = () =>
      q(`select deleted_at is null as active from public.event_follows where user_id = $1`, [bob.userId]);
    await mutate(envOf(bob), 'event.set-follow', { eventId, follow: true });
    expect(await bob.db.eventFollows.get(key)).toBeDefined();
    expect(await follows()).toEqual([]);
    await sendTwice(bob);
    expect(await follows()).toEqual([{ active: true }]);

    await mutate(envOf(bob), 'event.set-follow', { eventId, follow: false });
    expect(await bob.db.eventFollows.get(key)).toBeUndefined();
    expect(await push(bob)).toMatchObject({ type: 'sent' });
    expect(await follows()).toEqual([{ active: false }]);
    await sync(bob);
    expect(await bob.db.eventFollows.count()).toBe(0);
  });

  it('a member who does not manage the event is refused with the database message', async () => {
    await mutate(envOf(bob), 'announcement.post', { eventId, body: 'Party at our tent', priority: false });
    expect(await push(bob)).toMatchObject({ type: 'rejected' });
    const entry = await bob.db.outbox.filter((e) => e.kind === 'announcement.post').first();
    expect(entry?.status).toBe('rejected');
    expect(entry?.error?.message).toBe("Only the event's creator and admins can post announcements");
    expect(await q(`select body from public.announcements where author_id = $1`, [bob.userId])).toEqual([]);
    // The refused post is gone from the device once the change is dropped.
    expect((await bob.db.announcements.toArray()).map((a) => a.body)).not.toContain('Party at our tent');
  });
});
