/**
 * The device database: one per user, strict durability, rows validated when read back, and a
 * schema upgrade from a newer tab that closes this tab's connection and reopens it with the
 * outbox intact.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CrewCampDb, databaseName, openUserDb, schemaVersions } from '../../src/db/crewcamp-db.ts';
import { parseRows } from '../../src/db/validated-read.ts';
import { eventRowSchema } from '../../src/features/events/sync/event-rows.ts';
import { profileRowSchema } from '../../src/features/profile/sync/profile-rows.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { SyncEngine } from '../../src/sync/sync-engine.ts';
import { syncStatusStore } from '../../src/sync/sync-status-store.ts';
import { newScript, scriptedClient, testKinds, type Outcome } from './support/harness.ts';

describe('device database', () => {
  it('is one database per user, with strict durability', async () => {
    const a = await openUserDb('user-a');
    const b = await openUserDb('user-b');
    expect(a.name).toBe(databaseName('user-a'));
    expect(b.name).not.toBe(a.name);
    await a.settings.put({ key: 'k', value: 1, updated_at: 'x' });
    expect(await b.settings.count()).toBe(0);
    expect(
      (a as unknown as { _options: { chromeTransactionDurability: string } })._options.chromeTransactionDurability,
    ).toBe('strict');
    a.close();
    b.close();
  });

  it('leaves out rows that do not match their schema when read back', async () => {
    const db = await openUserDb(crypto.randomUUID());
    await db.events.bulkPut([
      {
        key: 'e1',
        id: 'e1',
        name: 'Festival',
        description: null,
        location: null,
        start_date: null,
        end_date: null,
        access_tier: 'free',
        status: 'active',
        accent_color: null,
        logo_path: null,
        created_by: 'u',
        client_ref: null,
        created_at: 't',
        updated_at: 't',
        deleted_at: null,
      },
      { key: 'e2', id: 'e2', name: 'Broken' } as never,
    ]);
    const rows = parseRows(eventRowSchema, await db.events.toArray());
    expect(rows.map((r) => r.key)).toEqual(['e1']);
    db.close();
  });

  it('upgrades version 1 profile rows to carry notification settings and (version 14) contact fields', async () => {
    const userId = crypto.randomUUID();
    const v1 = await openUserDb(userId, schemaVersions.slice(0, 1));
    const profile = {
      key: userId,
      id: userId,
      name: 'Ada',
      email: null,
      avatar: null,
      first_name: 'Ada',
      last_name: null,
      country: null,
      postal_code: null,
      street_address: null,
      street_number: null,
      role: 'user',
      subscription_tier: 'free',
      created_at: 't',
      updated_at: 't',
    };
    await v1.profiles.put(profile as never);
    expect(parseRows(profileRowSchema, await v1.profiles.toArray())).toEqual([]);
    v1.close();
    const db = await openUserDb(userId);
    expect(parseRows(profileRowSchema, await db.profiles.toArray())).toEqual([
      {
        ...profile,
        notification_settings: null,
        phone: null,
        share_phone: false,
        emergency_contact_name: null,
        emergency_contact_phone: null,
        share_emergency_contact: false,
      },
    ]);
    db.close();
  });

  it('survives a schema upgrade from a newer tab without losing the outbox', async () => {
    const userId = crypto.randomUUID();
    const db = await openUserDb(userId);
    // The server is down: the entries stay in the outbox (a sent one would be acked and purged).
    const script = newScript();
    for (const id of ['a', 'b']) script.outcomes.set(id, Array<Outcome>(20).fill('503'));
    const registry = testKinds(script);
    const engine = new SyncEngine({
      db,
      registry,
      client: scriptedClient(() => ({ status: 503 })),
      userId,
      realtime: false,
      locks: null,
      store: syncStatusStore,
    });
    await engine.start();
    await mutate({ db, registry, userId, clientId: 'c' }, 'test.set', { id: 'a', value: '1' });
    await mutate({ db, registry, userId, clientId: 'c' }, 'test.set', { id: 'b', value: '2' });

    // A newer build in another tab adds an index to the outbox.
    const nextVersion = schemaVersions[schemaVersions.length - 1].version + 1;
    const newer = new CrewCampDb(userId, [
      ...schemaVersions,
      {
        version: nextVersion,
        stores: { outbox: '++seq, &mutationId, status, *touched, *creates, kind' },
        upgrade: () => {},
      },
    ]);
    await newer.open();
    expect(await newer.outbox.where('kind').equals('test.set').count()).toBe(2);

    // This tab's connection was closed for the upgrade and reopens at the new version.
    await expect.poll(() => db.isOpen(), { timeout: 5_000 }).toBe(true);
    expect(db.backendDB().version).toBe(nextVersion * 10); // Dexie stores version n as n * 10
    await mutate({ db, registry, userId, clientId: 'c' }, 'test.set', { id: 'c', value: '3' });
    expect((await db.outbox.toArray()).map((e) => (e.args as { id: string }).id)).toEqual(['a', 'b', 'c']);
    await engine.stop();
    newer.close();
    db.close();
  });
});
