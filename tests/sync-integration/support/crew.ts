/**
 * A crew of two on one event, the set-up most sync-integration files share: Ada creates the event,
 * Bob is added as a member, both devices have pulled it. Also the one-step helpers those files use.
 */
import type { TestBackend } from '../../support/backend.ts';
import { pull } from '../../../src/sync/pull.ts';
import { pushNext } from '../../../src/sync/push.ts';
import { device, newUser, type Device } from './device.ts';

type Tier = 'free' | 'starter' | 'organizer';

export const ctxOf = (d: Device) => ({ client: d.client, userId: d.userId });
/** What `mutate` needs, as the device's engine gives it. */
export const envOf = (d: Device) => ({
  db: d.db,
  registry: d.registry,
  userId: d.userId,
  clientId: `client-${d.userId}`,
});
/** One pull onto the device. */
export const pullOnto = (d: Device) => pull({ db: d.db, registry: d.registry, ctx: ctxOf(d) });
/** Sends the device's next queued change. */
export const pushFrom = (d: Device) => pushNext({ db: d.db, registry: d.registry, ctx: ctxOf(d) });

export interface CrewOfTwo {
  /** The event's creator. */
  ada: Device;
  /** A member (free tier). */
  bob: Device;
  eventId: string;
}

export async function twoMembersOnOneEvent(
  backend: TestBackend,
  { creatorTier, eventName }: { creatorTier: Tier; eventName: string },
): Promise<CrewOfTwo> {
  const ada = await device(backend, await newUser(backend, 'ada', creatorTier));
  const bob = await device(backend, await newUser(backend, 'bob', 'free'));
  const { data, error } = await ada.client
    .from('events')
    .insert({ name: eventName, start_date: '2027-07-01', end_date: '2027-07-04' })
    .select('id')
    .single();
  if (error) throw error;
  const eventId = data.id as string;
  await backend.db.query(`insert into public.event_members (event_id, user_id) values ($1, $2)`, [eventId, bob.userId]);
  await pullOnto(ada);
  await pullOnto(bob);
  return { ada, bob, eventId };
}

/** Stops the devices' engines and closes their databases (those that were made). */
export async function closeDevices(devices: ReadonlyArray<Device | undefined>): Promise<void> {
  for (const d of devices) {
    await d?.stop();
    d?.db.close();
  }
}
