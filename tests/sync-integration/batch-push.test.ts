/**
 * Batch push against the local backend: a day of changes queued offline goes in a few requests,
 * each entry acknowledged and reconciled as if sent alone, and the server ends as the device shows.
 * A write the server refuses inside a batch undoes the batch; the batches then shrink until the
 * one entry to blame is sent alone and rejected with its reason, and every other change arrives.
 */
import 'fake-indexeddb/auto';
import { createClient } from '@supabase/supabase-js';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mutate } from '../../src/sync/mutate.ts';
import type { PushStep } from '../../src/sync/push.ts';
import { sendBatch } from '../../src/sync/push-batch.ts';
import { parseOutbox } from '../../src/db/validated-read.ts';
import { envOf, pullOnto, pushFrom } from './support/crew.ts';
import { device, newUser, type Device } from './support/device.ts';

let backend: TestBackend;
let ada: Device;
let eventId: string;
/** Requests Ada's device made, by path (`/rest/v1/rpc/apply_changes`, `/rest/v1/checklist_items`). */
const requests: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve(import.meta.dirname, '../../supabase/functions'),
  });
  const user = await newUser(backend, 'ada');
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return fetch(input, init);
      },
    },
  });
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  ada = await device(backend, user, { client });
  const created = await ada.client.from('events').insert({ name: 'Lake weekend' }).select('id').single();
  if (created.error) throw created.error;
  eventId = created.data.id as string;
  await pullOnto(ada);
});

afterAll(async () => {
  ada?.db.close();
  await backend?.stop();
});

/** Pushes until nothing is due; answers each step. */
async function drain(d: Device): Promise<PushStep[]> {
  const steps: PushStep[] = [];
  for (let i = 0; i < 100; i++) {
    const step = await pushFrom(d);
    if (step.type === 'idle') return steps;
    if (step.type !== 'sent' && step.type !== 'rejected') throw new Error(`push: ${JSON.stringify(step)}`);
    steps.push(step);
  }
  throw new Error('the outbox did not drain');
}

/** Queues an item added to `checklistId` on Ada's device; answers the queued change. */
const addItem = (checklistId: string, text: string) =>
  mutate<{ id: string }>(envOf(ada), 'checklist-item.add', { checklistId, eventId, text });

const statuses = async (d: Device) =>
  (await d.db.outbox.orderBy('seq').toArray()).reduce<Record<string, number>>(
    (counts, e) => ({ ...counts, [e.status]: (counts[e.status] ?? 0) + 1 }),
    {},
  );

describe('batch push', () => {
  it('sends a day of offline changes in a few requests, each acknowledged and reconciled as alone', async () => {
    const env = envOf(ada);
    const list = await mutate<{ id: string }>(env, 'checklist.create', { eventId, title: 'Packing' });
    const items: string[] = [];
    for (let i = 0; i < 40; i++) items.push((await addItem(list.args.id, `Item ${i}`)).args.id);
    for (const id of items.slice(0, 30)) await mutate(env, 'checklist-item.set-done', { id, done: true });
    for (const id of items.slice(30, 35)) await mutate(env, 'checklist-item.update', { id, changes: { quantity: 3 } });
    for (const id of items.slice(35)) await mutate(env, 'checklist-item.delete', { id });
    await mutate(env, 'event.update', { id: eventId, changes: { location: 'North shore' } });
    requests.length = 0;

    const steps = await drain(ada);

    // 1 + 40 + 30 + 5 + 5 + 1 = 82 changes: one batch, one call and one read-back of the inserted rows.
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ type: 'sent' });
    expect((steps[0] as { sent?: string[] }).sent).toHaveLength(82);
    expect(requests.filter((p) => p.startsWith('/rest/v1/rpc/apply_changes'))).toHaveLength(1);
    expect(requests).toHaveLength(3); // apply_changes, then the new lists and the new items read back
    expect(await statuses(ada)).toEqual({ acked: 82 });

    const { rows } = await backend.db.query<{ done: number; tripled: number; deleted: number; all: number }>(
      `select count(*) filter (where done)::int as done, count(*) filter (where quantity = 3)::int as tripled,
        count(*) filter (where deleted_at is not null)::int as deleted, count(*)::int as "all"
       from public.checklist_items where event_id = $1`,
      [eventId],
    );
    expect(rows[0]).toEqual({ done: 30, tripled: 5, deleted: 5, all: 40 });
    const event = await backend.db.query<{ location: string }>(`select location from public.events where id = $1`, [
      eventId,
    ]);
    expect(event.rows[0].location).toBe('North shore');
    // A lost answer makes the device send the batch again: the server ends as after one send.
    const serverItems = async () =>
      (
        await backend.db.query(
          `select id, text, quantity, done, done_by, done_at, deleted_at, position from public.checklist_items
           where event_id = $1 order by id`,
          [eventId],
        )
      ).rows;
    const once = await serverItems();
    const sentEntries = await ada.db.outbox.where('status').equals('acked').toArray();
    const again = await sendBatch(ada.client, ada.registry, parseOutbox(sentEntries));
    expect(again.every((outcome) => outcome.ok)).toBe(true);
    expect(await serverItems()).toEqual(once);
    // The device holds the server's answers (who ticked, when), as after single sends.
    const onDevice = await ada.db.checklistItems.where('checklist_id').equals(list.args.id).toArray();
    expect(onDevice).toHaveLength(35);
    expect(onDevice.filter((item) => item.done && item.done_by === ada.userId)).toHaveLength(30);
  });

  it('records a full batch of edits in one step: 200 changes, one request, all acknowledged', async () => {
    // Edits have no reconcile: the step records the 200 answers in one transaction without waiting
    // on anything but the device database (a transaction lost on the way would fail the step, and
    // the batch would be sent again in halves).
    const env = envOf(ada);
    for (let i = 0; i < 200; i++) await mutate(env, 'event.update', { id: eventId, changes: { location: `Bay ${i}` } });
    await ada.db.outbox.where('status').equals('acked').delete();
    requests.length = 0;

    const steps = await drain(ada);

    expect(steps).toHaveLength(1);
    expect((steps[0] as { sent?: string[] }).sent).toHaveLength(200);
    expect(requests).toEqual(['/rest/v1/rpc/apply_changes']);
    expect(await statuses(ada)).toEqual({ acked: 200 });
    const event = await backend.db.query<{ location: string }>(`select location from public.events where id = $1`, [
      eventId,
    ]);
    expect(event.rows[0].location).toBe('Bay 199');
    expect((await ada.db.events.get(eventId))?.location).toBe('Bay 199');
  });

  it('sends a batch again after its answer was lost: an item put in a list deleted later in it is a replay', async () => {
    const env = envOf(ada);
    const list = await mutate<{ id: string }>(env, 'checklist.create', { eventId, title: 'Spare' });
    await addItem(list.args.id, 'Rope');
    await mutate(env, 'checklist.delete', { id: list.args.id });
    const queued = parseOutbox(await ada.db.outbox.where('status').equals('pending').toArray());
    expect(queued.map((e) => e.kind)).toEqual(['checklist.create', 'checklist-item.add', 'checklist.delete']);

    expect((await sendBatch(ada.client, ada.registry, queued)).every((outcome) => outcome.ok)).toBe(true);
    // The answer was lost: the device sends the same batch again, and the server refuses nothing.
    expect((await sendBatch(ada.client, ada.registry, queued)).every((outcome) => outcome.ok)).toBe(true);
    expect(await drain(ada)).toEqual([expect.objectContaining({ type: 'sent', rejected: [] })]);
    expect(await ada.db.outbox.where('status').equals('rejected').count()).toBe(0);
  });

  it('sends an edit of a row gone on the server with the batch and rejects only that edit', async () => {
    const env = envOf(ada);
    const list = await mutate<{ id: string }>(env, 'checklist.create', { eventId, title: 'Food' });
    const bread = await addItem(list.args.id, 'Bread');
    await drain(ada);
    // Gone for good (the list was cleared by the database's retention, say): no row to update.
    await backend.db.query(`delete from public.checklist_items where id = $1`, [bread.args.id]);

    const cheese = await addItem(list.args.id, 'Cheese');
    const tick = await mutate(env, 'checklist-item.set-done', { id: bread.args.id, done: true });
    await mutate(env, 'checklist-item.set-done', { id: cheese.args.id, done: true });
    const steps = await drain(ada);

    expect(steps).toEqual([expect.objectContaining({ type: 'sent', rejected: [tick.mutationId] })]);
    const rejected = await ada.db.outbox.where('mutationId').equals(tick.mutationId).first();
    expect(rejected).toMatchObject({ status: 'rejected', error: { http: 404, message: 'This item no longer exists' } });
    const { rows } = await backend.db.query<{ done: boolean }>(
      `select done from public.checklist_items where id = $1`,
      [cheese.args.id],
    );
    expect(rows[0].done).toBe(true);
  });

  it('narrows a batch the server refuses as a whole down to the one change to blame; the rest arrive', async () => {
    const env = envOf(ada);
    const list = await mutate<{ id: string }>(env, 'checklist.create', { eventId, title: 'Tools' });
    await drain(ada);
    const before = await addItem(list.args.id, 'Hammer');
    const bad = await addItem(list.args.id, 'Saw');
    const after: string[] = [];
    for (let i = 0; i < 10; i++) after.push((await addItem(list.args.id, `Nail ${i}`)).args.id);
    // A row with the id the device chose for the saw is there already, in another list: the
    // insert changes nothing (as a replay would), and the saw's answer is the row the server has.
    const other = await backend.db.query<{ id: string }>(
      `insert into public.checklists (event_id, title, created_by) values ($1, 'Hidden', $2) returning id`,
      [eventId, ada.userId],
    );
    await backend.db.query(
      `insert into public.checklist_items (id, checklist_id, text, created_by) values ($1, $2, 'Taken', $3)`,
      [bad.args.id, other.rows[0].id, ada.userId],
    );
    // And a row the server refuses outright: its text breaks the table's length rule.
    await ada.db.outbox
      .where('mutationId')
      .equals(before.mutationId)
      .modify((entry) => {
        (entry.args as { text: string }).text = 'x'.repeat(5000);
      });

    requests.length = 0;
    const steps = await drain(ada);

    const rejected = (await ada.db.outbox.where('status').equals('rejected').toArray()).filter(
      (e) => e.kind === 'checklist-item.add',
    );
    expect(rejected.map((e) => e.mutationId)).toEqual([before.mutationId]);
    expect(rejected[0].error?.http).toBe(400);
    // 12 changes refused as a batch: 6, 3, then the first alone (refused), then the rest.
    expect(requests.filter((p) => p.startsWith('/rest/v1/rpc/apply_changes')).length).toBeGreaterThanOrEqual(3);
    expect(steps.map((s) => s.type)).toContain('rejected');
    const { rows } = await backend.db.query<{ id: string }>(
      `select id from public.checklist_items where checklist_id = $1 and deleted_at is null`,
      [list.args.id],
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...after].sort());
    expect(await ada.db.outbox.where('status').anyOf('pending', 'sending').count()).toBe(0);
    // The taken id answers as a replay does: the row the server has, acknowledged.
    expect((await ada.db.outbox.where('mutationId').equals(bad.mutationId).first())?.status).toBe('acked');
  });
});

describe('apply_changes, called by a stranger or with hostile input', () => {
  const call = (client: Device['client'], changes: unknown) => client.rpc('apply_changes', { changes } as never);

  it('refuses callers without a session', async () => {
    const anon = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { error, status } = await call(anon, [{ op: 'update', table: 'events', id: eventId, values: { name: 'x' } }]);
    expect(error).not.toBeNull();
    expect([401, 403]).toContain(status);
    expect((await backend.db.query(`select name from public.events where id = $1`, [eventId])).rows[0].name).toBe(
      'Lake weekend',
    );
  });

  it('writes nothing a user may not write through the REST API', async () => {
    const mallory = await device(backend, await newUser(backend, 'mallory'));
    const state = async () =>
      (
        await backend.db.query(
          `select (select name from public.profiles where id = $1) as name, (select name from public.events where id = $2) as event,
            (select count(*)::int from public.announcements where event_id = $2) as announcements,
            (select count(*)::int from public.device_readiness where event_id = $2) as readiness`,
          [ada.userId, eventId],
        )
      ).rows[0];
    const before = await state();
    try {
      // Another crew's event: not visible, so nothing is updated.
      const update = await call(mallory.client, [
        { op: 'update', table: 'events', id: eventId, values: { name: 'Taken over' } },
      ]);
      expect(update.error).toBeNull();
      expect(update.data).toEqual([0]);
      // Someone else's profile, a table nobody writes, a row in another crew's event.
      const profile = await call(mallory.client, [
        { op: 'update', table: 'profiles', id: ada.userId, values: { name: 'Mallory was here' } },
      ]);
      expect(profile.data ?? [0]).toEqual([0]);
      const readiness = await call(mallory.client, [
        {
          op: 'insert',
          table: 'device_readiness',
          values: {
            id: crypto.randomUUID(),
            event_id: eventId,
            user_id: mallory.userId,
            device_id: crypto.randomUUID(),
            app_version: '1',
          },
        },
      ]);
      expect(readiness.status).toBeGreaterThanOrEqual(400);
      expect(readiness.status).toBeLessThan(500);
      const intrude = await call(mallory.client, [
        {
          op: 'insert',
          table: 'announcements',
          values: { id: crypto.randomUUID(), event_id: eventId, title: 'Hi', body: 'Hi' },
        },
      ]);
      expect(intrude.status).toBeGreaterThanOrEqual(400);
      expect(intrude.status).toBeLessThan(500);
      expect(await state()).toEqual(before);
      expect(before).toMatchObject({ event: 'Lake weekend', announcements: 0, readiness: 0 });
    } finally {
      mallory.db.close();
    }
  });

  it('answers malformed, injected, oversized and deeply nested lists with a 4xx and changes nothing', async () => {
    const nested = JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown;
    const cases: unknown[] = [
      'not a list',
      { op: 'update' },
      [42],
      [{ op: 'drop', table: 'events', id: eventId, values: { name: 'x' } }],
      [{ op: 'update', table: 'pg_authid', id: eventId, values: { name: 'x' } }],
      [{ op: 'update', table: 'events; drop table public.events', id: eventId, values: { name: 'x' } }],
      [{ op: 'update', table: 'events', id: eventId, values: { 'name = $$x$$, created_by': 'x' } }],
      [{ op: 'update', table: 'events', id: 'not-a-uuid', values: { name: 'x' } }],
      [{ op: 'update', table: 'events', id: eventId, values: { start_date: 'soon' } }],
      [{ op: 'update', table: 'events', id: eventId, values: {} }],
      [{ op: 'insert', table: 'events', values: { name: 'No id' } }],
      Array.from({ length: 201 }, () => ({ op: 'update', table: 'events', id: eventId, values: { name: 'x' } })),
      [{ op: 'update', table: 'events', id: eventId, values: { description: nested } }],
    ];
    for (const changes of cases) {
      const { error, status } = await call(ada.client, changes);
      expect(error, JSON.stringify(changes).slice(0, 80)).not.toBeNull();
      expect(status, JSON.stringify(changes).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(status, JSON.stringify(changes).slice(0, 80)).toBeLessThan(500);
    }
    const { rows } = await backend.db.query(`select name, start_date from public.events where id = $1`, [eventId]);
    expect(rows[0]).toEqual({ name: 'Lake weekend', start_date: null });
    // The backend keeps answering.
    expect((await call(ada.client, [])).data).toEqual([]);
  });
});
