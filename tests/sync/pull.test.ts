/**
 * Pull against a scripted backend: the keyset cursor and its overlap window, pages, rebase of a
 * pulled row under a pending change, acknowledged changes replaced by what the server has, and
 * the purge of events the user can no longer see; a re-read overlap window with nothing new writes nothing.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrewCampDb } from '../../src/db/crewcamp-db.ts';
import { memberKey } from '../../src/features/events/sync/member-rows.ts';
import { syncRegistry } from '../../src/app/sync-registry.ts';
import { mutate, type MutateEnv } from '../../src/sync/mutate.ts';
import { pull, type PullEnv } from '../../src/sync/pull.ts';
import { pushNext } from '../../src/sync/push.ts';
import { FakeBackend } from './support/fake-backend.ts';
import { BASE_URL, freshDb, scriptedClient } from './support/harness.ts';
import { serverEventRow } from './support/server-rows.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const E1 = '00000000-0000-4000-8000-0000000000e1';
const E2 = '00000000-0000-4000-8000-0000000000e2';

const event = (id: string, updatedAt: string, fields: Record<string, unknown> = {}) =>
  serverEventRow(id, ME, updatedAt, fields);

let db: CrewCampDb;
let backend: FakeBackend;
let env: PullEnv;
let mutateEnv: MutateEnv;
let clock: number;
const registry = syncRegistry({ supabaseUrl: BASE_URL });

beforeEach(async () => {
  db = await freshDb(crypto.randomUUID());
  backend = new FakeBackend(() => ({ status: 200, body: [{ id: E1 }] }));
  clock = 5_000;
  env = { db, registry, ctx: { client: scriptedClient(backend.answer), userId: ME }, pageSize: 2, now: () => clock };
  mutateEnv = { db, registry, userId: ME, clientId: 'c', now: () => clock };
});

describe('pull', () => {
  it('reads every table in keyset pages and starts the next pull an overlap window before the cursor', async () => {
    backend.tables.events = [
      event(E1, '2026-11-22T10:00:00.000001+00:00'),
      event(E2, '2026-11-22T10:00:00.000001+00:00'),
      event('e3', '2026-11-22T10:00:05+00:00'),
    ];
    await pull(env);
    expect((await db.events.toArray()).map((e) => e.id).sort()).toEqual([E1, E2, 'e3'].sort());
    expect((await db.meta.get('cursor:events'))?.value).toEqual({ ts: '2026-11-22T10:00:05+00:00', id: 'e3' });
    const eventPages = backend.requests.filter((r) => r.path === '/rest/v1/events' && r.search.get('select') !== 'id');
    expect(eventPages).toHaveLength(2);
    expect(eventPages[1].search.get('or')).toContain(`id.gt."${E2}"`);

    backend.requests = [];
    await pull(env);
    const next = backend.requests.find((r) => r.path === '/rest/v1/events' && r.search.get('select') !== 'id')!;
    expect(next.search.get('updated_at')).toBe('gte.2026-11-22T09:59:55.000Z'); // 10 s before the cursor
    expect(next.search.get('order')).toBe('updated_at.asc,id.asc');
  });

  it('writes nothing when the overlap window brings back rows the device already holds', async () => {
    backend.tables.events = [event(E1, '2026-11-22T10:00:00+00:00'), event(E2, '2026-11-22T10:00:01+00:00')];
    await pull(env);
    let writes = 0;
    const count = () => void writes++;
    db.events.hook('creating', count);
    db.events.hook('updating', count);
    db.meta.hook('updating', (_changes, key) => void (String(key).startsWith('cursor:') && writes++));
    const transactions = vi.spyOn(db, 'transaction');
    await pull(env); // the same two rows again, inside the window
    expect(writes).toBe(0);
    const quiet = transactions.mock.calls.length;

    backend.tables.events[1] = event(E2, '2026-11-22T10:00:02+00:00', { name: 'Renamed' });
    transactions.mockClear();
    await pull(env);
    expect(writes).toBe(2); // the changed row and the cursor
    expect(transactions.mock.calls.length).toBe(quiet + 1); // the page with the change: the only extra one
    expect(await db.events.get(E2)).toMatchObject({ name: 'Renamed' });
    expect(await db.events.get(E1)).toMatchObject({ name: 'Camp' });
  });

  it('rebases a pulled row under a pending change, then shows the server row once the change is seen', async () => {
    backend.tables.events = [event(E1, '2026-11-22T10:00:00+00:00')];
    await pull(env);
    await mutate(mutateEnv, 'event.update', { id: E1, changes: { name: 'Mine' } });
    backend.tables.events = [event(E1, '2026-11-22T10:01:00+00:00', { location: 'Lake', name: 'Theirs' })];
    await pull(env);
    expect(await db.events.get(E1)).toMatchObject({ name: 'Mine', location: 'Lake' });
    expect((await db.shadows.get(`events:${E1}`))?.row).toMatchObject({ name: 'Theirs' });

    clock = 6_000;
    expect(await pushNext({ db, registry, ctx: env.ctx, now: () => clock })).toMatchObject({ type: 'sent' });
    backend.tables.events = [event(E1, '2026-11-22T10:02:00+00:00', { location: 'Lake', name: 'Mine' })];
    clock = 7_000;
    await pull(env);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    expect(await db.events.get(E1)).toMatchObject({ name: 'Mine', updated_at: '2026-11-22T10:02:00+00:00' });
  });

  it('settles a change acknowledged in the same millisecond as the pull starts', async () => {
    backend.tables.events = [event(E1, '2026-11-22T10:00:00+00:00')];
    await pull(env);
    await mutate(mutateEnv, 'event.update', { id: E1, changes: { name: 'Mine' } });
    expect(await pushNext({ db, registry, ctx: env.ctx, now: () => clock })).toMatchObject({ type: 'sent' });
    backend.tables.events = [event(E1, '2026-11-22T10:02:00+00:00', { name: 'Mine' })];
    await pull(env); // the clock has not moved: acknowledged and pulled at 5,000 ms
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
  });

  it('drops a removed member and purges events the user can no longer see', async () => {
    backend.tables.events = [event(E1, '2026-11-22T10:00:00+00:00'), event(E2, '2026-11-22T10:00:00+00:00')];
    backend.tables.event_members = [
      {
        id: 'm1',
        event_id: E1,
        user_id: ME,
        role: 'member',
        created_at: 't',
        updated_at: '2026-11-22T10:00:00+00:00',
        deleted_at: null,
        profile: { name: 'Me', avatar: null, email: null },
      },
      {
        id: 'm2',
        event_id: E2,
        user_id: 'u2',
        role: 'member',
        created_at: 't',
        updated_at: '2026-11-22T10:00:00+00:00',
        deleted_at: null,
        profile: { name: 'Bo', avatar: null, email: null },
      },
    ];
    await pull(env);
    expect(await db.members.count()).toBe(2);
    const temp = await mutate<{ id: string }>(mutateEnv, 'event.create', { name: 'Offline' });

    // Removed from E1 (the own member row arrives soft-deleted); E2 deleted for good.
    backend.tables.event_members = [
      { ...backend.tables.event_members[0], deleted_at: 'now', updated_at: '2026-11-22T10:05:00+00:00' },
    ];
    backend.tables.events = [];
    await pull(env);
    expect(await db.members.get(memberKey(E1, ME))).toBeUndefined();
    expect(await db.events.get(E1)).toBeUndefined();
    expect(await db.events.get(E2)).toBeUndefined();
    expect(await db.members.get(memberKey(E2, 'u2'))).toBeUndefined();
    expect(await db.events.get(temp.args.id)).toMatchObject({ name: 'Offline' }); // not on the server yet: kept
  });

  it('keeps an event gone when the user left it on the device and the server agrees', async () => {
    backend.tables.events = [event(E1, '2026-11-22T10:00:00+00:00')];
    await pull(env);
    await mutate(mutateEnv, 'event.leave', { id: E1 });
    expect(await db.events.get(E1)).toBeUndefined();
    clock = 6_000;
    backend.onPatch = () => ({ status: 200 });
    expect(
      await pushNext({
        db,
        registry,
        ctx: {
          client: scriptedClient(() => ({ status: 200, body: { success: true, message: 'You have left the event.' } })),
          userId: ME,
        },
        now: () => clock,
      }),
    ).toMatchObject({ type: 'sent' });
    backend.tables.events = [];
    clock = 7_000;
    await pull(env);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.events.get(E1)).toBeUndefined();
    expect(await db.shadows.count()).toBe(0);
  });
});
