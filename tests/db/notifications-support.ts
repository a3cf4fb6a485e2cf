/**
 * Builders and readers of the notification tests: what a user's bell holds, what waits in the
 * push and mail outboxes (read as the owner, as nothing else may), a device registered with real
 * P-256 keys (as a browser's PushSubscription gives them), and a crew with an event to act in.
 * Names follow events-support.ts: a user labelled 'driver' is called "Driver Tester".
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, type Tier, type TestUser } from './events-support.ts';

export interface NotificationRow {
  id: string;
  user_id: string;
  event_id: string | null;
  kind: string;
  category: string;
  actor_id: string | null;
  title: string;
  body: string;
  data: Record<string, unknown>;
  read_at: string | null;
  deleted_at: string | null;
}

/** The live (not withdrawn) notifications of a user, oldest first; of one kind when given. */
export async function bell(backend: TestBackend, userId: string, kind?: string): Promise<NotificationRow[]> {
  const { rows } = await backend.db.query<NotificationRow>(
    `select id, user_id, event_id, kind, category, actor_id, title, body, data, read_at::text, deleted_at::text
     from public.notifications where user_id = $1 and deleted_at is null and ($2::text is null or kind = $2)
     order by created_at, id`,
    [userId, kind ?? null],
  );
  return rows;
}

/** Who got a notification of this kind since `since` (sorted user ids, one entry per row). */
export async function recipients(backend: TestBackend, kind: string, since: string): Promise<string[]> {
  const { rows } = await backend.db.query<{ user_id: string }>(
    `select user_id from public.notifications where kind = $1 and created_at > $2 and deleted_at is null order by user_id`,
    [kind, since],
  );
  return rows.map((r) => r.user_id);
}

export interface PushJobRow {
  user_id: string;
  notification_id: string | null;
  payload: Record<string, unknown> & { title: string; kind: string };
  urgency: string;
  status: string;
  available_at: string;
  held: boolean;
}

export async function pushJobs(backend: TestBackend, userId: string, kind?: string): Promise<PushJobRow[]> {
  const { rows } = await backend.db.query<PushJobRow>(
    `select user_id, notification_id, payload, urgency, status, available_at::text,
       available_at > clock_timestamp() + interval '1 minute' as held
     from private.push_jobs where user_id = $1 and ($2::text is null or payload ->> 'kind' = $2) order by id`,
    [userId, kind ?? null],
  );
  return rows;
}

/** The database's clock, to look only at what happens after it. */
export async function now(backend: TestBackend): Promise<string> {
  const { rows } = await backend.db.query<{ now: string }>(`select clock_timestamp()::text as now`);
  return rows[0].now;
}

export interface DeviceKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The device's private key (for decrypting what is sent to it). */
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

let deviceSeq = 0;

/** Keys as a browser's PushSubscription.toJSON() gives them, for an endpoint on `origin`. */
export function deviceKeys(origin = 'https://fcm.googleapis.com'): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint: `${origin}/fcm/send/device-${process.pid}-${deviceSeq++}-${randomBytes(6).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: authSecret.toString('base64url'),
    ecdh,
    authSecret,
  };
}

/** Registers a device for the user through the RPC a browser's page calls. */
export async function addDevice(user: TestUser, origin?: string, label = 'Test phone'): Promise<DeviceKeys> {
  const keys = deviceKeys(origin);
  const { data, error } = await user.client.rpc('register_push_subscription', {
    p_endpoint: keys.endpoint,
    p_p256dh: keys.p256dh,
    p_auth: keys.auth,
    p_device_label: label,
  });
  if (error || (data as { success: boolean }).success !== true)
    throw new Error(`register_push_subscription: ${error?.message ?? JSON.stringify(data)}`);
  return keys;
}

/** Sets one switch through the settings RPC, as the settings page does. */
export async function setChannel(user: TestUser, category: string, channel: string, enabled: boolean) {
  const { data, error } = await user.client.rpc('set_notification_channel', {
    p_category: category,
    p_channel: channel,
    p_enabled: enabled,
  });
  if (error || (data as { success: boolean }).success !== true)
    throw new Error(`set_notification_channel: ${error?.message ?? JSON.stringify(data)}`);
}

export interface Crew {
  eventId: string;
  creator: TestUser;
  members: TestUser[];
}

/** An event of a creator on `tier` with the given members (labels), made through the API and set up as the owner. */
export async function crew(
  backend: TestBackend,
  tier: Tier,
  labels: string[],
  fields: Record<string, unknown> = { start_date: '2027-07-01', end_date: '2027-07-04' },
): Promise<Crew> {
  const creator = await makeUser(backend, `${labels[0] ?? 'crew'}lead`, { tier });
  const members: TestUser[] = [];
  for (const label of labels) members.push(await makeUser(backend, label));
  const { id } = await makeEvent(creator, fields);
  await addMembers(
    backend,
    id,
    members.map((m) => ({ id: m.id })),
  );
  return { eventId: id, creator, members };
}

/** The outcome of a `{success, message}` procedure, failing the test on an HTTP error. */
export async function call<T = { success: boolean; message: string }>(
  user: TestUser,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const { data, error } = await user.client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.code} ${error.message}`);
  return data as T;
}
