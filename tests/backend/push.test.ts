/**
 * System notifications end to end on the local backend, with no outside network: members act
 * through supabase-js, the database queues the pushes, the backend's delivery loop calls the real
 * send-push function (on Deno, web-push), and a push service stand-in on this test's loopback
 * port receives them. The stand-in checks what a push service checks (the VAPID JWT, RFC 8292)
 * and decrypts what a browser decrypts (RFC 8291 aes128gcm) with the device's own keys. A
 * 404/410 answer removes the device, a 503 keeps it for a later try, an endpoint that is no push
 * service is never called, and pushes held through quiet hours go out folded into one.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { functionSecrets, type FunctionSecrets } from '../support/function-secrets.ts';
import { callFunction } from '../support/functions.ts';
import type { TestUser } from '../db/events-support.ts';
import { addDevice, crew, type Crew, type DeviceKeys } from '../db/notifications-support.ts';
import { decryptPush, startPushService, verifyVapid, type PushService, type ReceivedPush } from './push-service.ts';

let backend: TestBackend;
let secrets: FunctionSecrets;
let pushService: PushService;
let camp: Crew; // starter event: members Payer, Sharer, Twodevices, Expiring, Quiet
const devices = new Map<string, DeviceKeys>(); // by endpoint path
let sharerPhone: DeviceKeys;

beforeAll(async () => {
  pushService = await startPushService();
  secrets = await functionSecrets();
  // The stand-in is the one push service besides the browsers' that send-push may call.
  await secrets.set({ PUSH_SERVICE_URL: pushService.origin });
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve('supabase/functions'),
    functionsEnvFile: secrets.file,
  });
  camp = await crew(backend, 'starter', ['payer', 'sharer', 'twodevices', 'expiring', 'quiet']);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
  await pushService?.close();
  await secrets?.remove();
});

const member = (label: string) => camp.members.find((m) => m.name.toLowerCase().startsWith(label))!;

async function device(user: TestUser): Promise<DeviceKeys> {
  const keys = await addDevice(user, `${pushService.origin}/push`);
  devices.set(new URL(keys.endpoint).pathname, keys);
  return keys;
}

const pathOf = (keys: DeviceKeys) => new URL(keys.endpoint).pathname;

/** What the stand-in received for these devices, once each has had `count` pushes. */
async function receivedBy(keys: DeviceKeys[], count = 1): Promise<ReceivedPush[]> {
  const paths = keys.map(pathOf);
  await expect
    .poll(() => paths.every((p) => pushService.received.filter((r) => r.path === p).length >= count), {
      timeout: 90_000,
    })
    .toBe(true);
  return pushService.received.filter((r) => paths.includes(r.path));
}

function open(push: ReceivedPush): Record<string, unknown> {
  const keys = devices.get(push.path)!;
  return JSON.parse(decryptPush(push.body, keys.ecdh, keys.authSecret).toString('utf8')) as Record<string, unknown>;
}

async function spend(by: TestUser, people: TestUser[], title: string) {
  const { error } = await by.client.from('expenses').insert({
    id: randomUUID(),
    event_id: camp.eventId,
    title,
    amount_minor: 1000 * people.length,
    paid_by: by.id,
    shares: people.map((u) => ({ user_id: u.id, share_minor: 1000 })),
  });
  if (error) throw new Error(error.message);
}

describe('send-push', () => {
  it('delivers each device its push, encrypted for it (RFC 8291) and signed by the project (RFC 8292)', async () => {
    const payer = member('payer');
    const sharer = member('sharer');
    const two = member('twodevices');
    sharerPhone = await device(sharer);
    const phones = [sharerPhone, await device(two), await device(two)];
    const { body: config } = await callFunction<{ publicKey: string }>(backend, 'send-push', { method: 'GET' });
    const stored = JSON.parse(await readFile(path.join(backend.dataDir, 'vapid.json'), 'utf8')) as {
      VAPID_PUBLIC_KEY: string;
    };
    expect(config.publicKey).toBe(stored.VAPID_PUBLIC_KEY);

    await spend(payer, [payer, sharer, two], 'Fuel');
    const pushes = await receivedBy(phones);
    expect(pushes).toHaveLength(3);
    for (const push of pushes) {
      expect(push.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        ttl: String(2 * 24 * 3600),
        urgency: 'normal',
      });
      const { claims, publicKey, alg } = await verifyVapid(push.headers, pushService.origin);
      expect(alg).toBe('ES256');
      expect(publicKey).toBe(config.publicKey);
      expect(claims.sub).toBe('mailto:notifications@crewcamp.local');
      expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
      expect(open(push)).toMatchObject({
        title: 'Payer Tester added "Fuel"',
        body: 'CHF 30.00 paid by Payer Tester · split 3 ways',
        kind: 'expense_added',
        tag: camp.eventId,
        event_id: camp.eventId,
        path: `/events/${camp.eventId}/expenses`,
        priority: false,
        count: 1,
      });
    }
    // A device's payload is for it alone: another device's keys do not open it.
    const forSharer = pushes.find((p) => p.path === pathOf(phones[0]))!;
    expect(() => decryptPush(forSharer.body, phones[1].ecdh, phones[1].authSecret)).toThrow();
    await backend.deliveries.idle();
    const { rows } = await backend.db.query<{ status: string; used: boolean }>(
      `select j.status, s.last_used_at is not null as used from private.push_jobs j
       join public.push_subscriptions s on s.id = j.subscription_id where j.user_id in ($1, $2)`,
      [sharer.id, two.id],
    );
    expect(rows).toEqual(Array(3).fill({ status: 'sent', used: true }));
  });

  it('removes a device its push service answers 404 or 410, and keeps one that answered 503 for a later try', async () => {
    const expiring = member('expiring');
    const [gone, expired, flaky] = [await device(expiring), await device(expiring), await device(expiring)];
    pushService.answer(pathOf(gone), 410);
    pushService.answer(pathOf(expired), 404);
    pushService.answer(pathOf(flaky), 503);
    await spend(member('payer'), [member('payer'), expiring], 'Ice');
    await receivedBy([gone, expired, flaky]);
    await backend.deliveries.idle();
    const { data } = await expiring.client.from('push_subscriptions').select('endpoint');
    expect(data).toEqual([{ endpoint: flaky.endpoint }]);
    const { rows } = await backend.db.query<{ status: string; attempts: number; later: boolean; last_error: string }>(
      `select status, attempts, available_at > clock_timestamp() as later, last_error from private.push_jobs where user_id = $1`,
      [expiring.id],
    );
    expect(rows).toEqual([{ status: 'pending', attempts: 1, later: true, last_error: 'HTTP 503 ' }]);
  });

  it('never calls an endpoint that is not a push service, and drops that subscription', async () => {
    const sharer = member('sharer');
    const rogue = await addDevice(sharer, 'https://internal.example');
    const before = pushService.received.length;
    await spend(member('payer'), [member('payer'), sharer], 'Wood');
    await receivedBy([sharerPhone], 2);
    await backend.deliveries.idle();
    const { data } = await sharer.client.from('push_subscriptions').select('endpoint');
    expect(data?.map((d) => d.endpoint)).not.toContain(rogue.endpoint);
    expect(pushService.received.slice(before).every((r) => r.path.startsWith('/push/'))).toBe(true);
  });

  it('folds pushes held through quiet hours into one notification per event when they end', async () => {
    const quiet = member('quiet');
    const phone = await device(quiet);
    await quiet.client
      .from('notification_settings')
      .update({ quiet_hours_enabled: true, quiet_hours_start: '00:00', quiet_hours_end: '23:59', time_zone: 'UTC' })
      .eq('user_id', quiet.id);
    const payer = member('payer');
    await spend(payer, [payer, quiet], 'Bread');
    await spend(payer, [payer, quiet], 'Cheese');
    await spend(payer, [payer, quiet], 'Wine');
    await backend.deliveries.idle();
    expect(pushService.received.filter((r) => r.path === pathOf(phone))).toEqual([]);
    // Quiet hours are over.
    await backend.db.query(`update private.push_jobs set available_at = clock_timestamp() where user_id = $1`, [
      quiet.id,
    ]);
    backend.deliveries.wake();
    const [push] = await receivedBy([phone]);
    await backend.deliveries.idle();
    expect(pushService.received.filter((r) => r.path === pathOf(phone))).toHaveLength(1);
    const payload = open(push);
    expect(payload).toMatchObject({
      title: expect.any(String),
      body: 'Payer Tester added "Wine"\nPayer Tester added "Cheese"\nPayer Tester added "Bread"',
      count: 3,
      tag: camp.eventId,
    });
    expect(payload.notification_ids).toHaveLength(3);
  });

  it('is called by the project only; the public key is for anyone', async () => {
    const user = member('payer');
    const { data } = await user.client.auth.getSession();
    expect(await callFunction(backend, 'send-push', { token: data.session!.access_token, body: {} })).toEqual({
      status: 403,
      body: { error: 'Only the project itself may call this function' },
    });
    expect((await callFunction(backend, 'send-push', { body: {} })).status).toBe(403);
    expect((await callFunction(backend, 'send-push', { token: null, body: {} })).status).toBe(401);
    expect((await callFunction(backend, 'send-push', { token: backend.serviceRoleKey, body: {} })).status).toBe(200);
  });
});
