/**
 * A change that makes rows vanish from the user's view without a tombstone (leaving an event,
 * deleting one for good) is seen only by a reconciling pull: no delta ever brings it. A pull that
 * does not reconcile must not drop such an acknowledged change, or its rows come back from their
 * shadows (the deleted event back on the dashboard) until the next reconcile.
 */
import 'fake-indexeddb/auto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { pull } from '../../src/sync/pull.ts';
import { type Device } from './support/device.ts';
import { closeDevices, ctxOf, envOf, pushFrom as push, pullOnto, twoMembersOnOneEvent } from './support/crew.ts';

let backend: TestBackend;
let ada: Device; // the creator
let bob: Device; // a member
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve(import.meta.dirname, '../../supabase/functions'),
  });
  ({ ada, bob, eventId } = await twoMembersOnOneEvent(backend, { creatorTier: 'starter', eventName: 'Paléo' }));
});

afterAll(async () => {
  await closeDevices([ada, bob]);
  await backend?.stop();
});

/** A pull as the engine runs it after its own pushes: no reconcile, no snapshots. */
const quickPull = (d: Device) =>
  pull({ db: d.db, registry: d.registry, ctx: ctxOf(d) }, { reconcile: false, full: false });
const outboxOf = (d: Device) => d.db.outbox.toArray();

describe('a change whose effect no delta brings', () => {
  it('leaving with others left: the pull that reads the membership tombstone settles it', async () => {
    await mutate(envOf(bob), 'event.leave', { id: eventId });
    expect(await bob.db.events.get(eventId)).toBeUndefined();
    expect(await push(bob)).toMatchObject({ type: 'sent' });
    expect((await quickPull(bob)).needsReconcile).toBe(false);
    expect(await bob.db.events.get(eventId)).toBeUndefined();
    expect(await bob.db.members.where('event_id').equals(eventId).count()).toBe(0);
    expect(await outboxOf(bob)).toEqual([]);
    expect(await bob.db.shadows.count()).toBe(0);
  });

  it('leaving as the only member (the event is deleted): it stays gone through a pull that does not reconcile', async () => {
    await pullOnto(ada);
    expect(await ada.db.members.where('event_id').equals(eventId).count()).toBe(1);
    await mutate(envOf(ada), 'event.leave', { id: eventId });
    expect(await push(ada)).toMatchObject({ type: 'sent' });

    const quick = await quickPull(ada);
    expect(quick.needsReconcile).toBe(true);
    expect(await ada.db.events.get(eventId)).toBeUndefined();
    expect(await ada.db.members.where('event_id').equals(eventId).count()).toBe(0);
    // Kept until a reconcile has seen it.
    expect((await outboxOf(ada)).map((e) => [e.kind, e.status])).toEqual([['event.leave', 'acked']]);

    expect((await pullOnto(ada)).needsReconcile).toBe(false);
    expect(await ada.db.events.get(eventId)).toBeUndefined();
    expect(await ada.db.members.where('event_id').equals(eventId).count()).toBe(0);
    expect(await outboxOf(ada)).toEqual([]);
    expect(await ada.db.shadows.count()).toBe(0);
  });

  it('a soft delete is settled by the pull that reads it; deleting for good waits for a reconcile', async () => {
    const { data } = await ada.client
      .from('events')
      .insert({ name: 'Gurten', start_date: '2027-07-01', end_date: '2027-07-04' })
      .select('id')
      .single();
    const gurten = (data as { id: string }).id;
    await pullOnto(ada);

    await mutate(envOf(ada), 'event.soft-delete', { id: gurten });
    expect(await push(ada)).toMatchObject({ type: 'sent' });
    expect((await quickPull(ada)).needsReconcile).toBe(false);
    expect(await outboxOf(ada)).toEqual([]);
    expect((await ada.db.events.get(gurten))?.status).toBe('deleted');

    await mutate(envOf(ada), 'event.delete', { id: gurten });
    expect(await push(ada)).toMatchObject({ type: 'sent' });
    expect((await quickPull(ada)).needsReconcile).toBe(true);
    expect(await ada.db.events.get(gurten)).toBeUndefined();
    expect((await outboxOf(ada)).map((e) => [e.kind, e.status])).toEqual([['event.delete', 'acked']]);

    await pullOnto(ada);
    expect(await ada.db.events.get(gurten)).toBeUndefined();
    expect(await outboxOf(ada)).toEqual([]);
  });
});
