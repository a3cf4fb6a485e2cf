/**
 * Event notes and shared contact details on the devices (issue 24): notes edited offline by a
 * manager show at once, reach the server once and another member's device; a member's edit is
 * refused in words and rolled back; two managers editing offline converge on the later-made edit,
 * the other kept for its author; a contact shared (and taken back) reaches co-members' devices.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mutate } from '../../src/sync/mutate.ts';
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
let ada: Device; // the creator
let bob: Device; // a member, later an admin
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  ({ ada, bob, eventId } = await twoMembersOnOneEvent(backend, {
    creatorTier: 'starter',
    eventName: 'Gurten Festival',
  }));
});

afterAll(async () => {
  await closeDevices([ada, bob]);
  await backend?.stop();
});

const serverBody = async () =>
  (await backend.db.query<{ body: string }>(`select body from public.event_notes where event_id = $1`, [eventId]))
    .rows[0]?.body;
const notesOn = async (d: Device) => (await d.db.eventNotes.get(eventId))?.body;

/** Sends the device's first queued change as a replay would (after a lost answer), then lets the engine send it. */
async function sendTwice(d: Device): Promise<void> {
  const waiting = () => d.db.outbox.filter((e) => e.status !== 'acked').toArray();
  const [entry] = await waiting();
  await d.registry.get(entry.kind).send(ctxOf(d), entry.args);
  expect(await push(d)).toMatchObject({ type: 'sent' });
  expect(await waiting()).toEqual([]);
}

describe('event notes on the devices', () => {
  it('a manager edits offline: shown at once, sent once, on the member device after a pull', async () => {
    expect(await notesOn(bob)).toBe('');
    const body = 'Gate B, Seestrasse 12\nWifi: camp2026 \r\n\r\nEmergency: +41 79 123 45 67  ';
    await mutate(envOf(ada), 'event-notes.update', { eventId, body });
    const expected = 'Gate B, Seestrasse 12\nWifi: camp2026 \n\nEmergency: +41 79 123 45 67';
    expect(await notesOn(ada)).toBe(expected);
    expect(await serverBody()).toBe('');
    await sendTwice(ada);
    expect(await serverBody()).toBe(expected);
    const [edits] = (
      await backend.db.query<{ n: number }>(
        `select jsonb_array_length(replaced) as n from public.event_notes where event_id = $1`,
        [eventId],
      )
    ).rows;
    expect(edits.n).toBe(0); // the replay was no second, competing edit
    await sync(bob);
    expect(await notesOn(bob)).toBe(expected);
  });

  it('refuses a member in words and rolls the change back; too long notes are not queued', async () => {
    const before = await notesOn(bob);
    await mutate(envOf(bob), 'event-notes.update', { eventId, body: 'Free beer at my tent' });
    expect(await notesOn(bob)).toBe('Free beer at my tent');
    expect(await push(bob)).toMatchObject({ type: 'rejected' });
    const [entry] = await bob.db.outbox.toArray();
    expect(entry.error?.message).toBe("Only the event's creator and admins can edit the event notes");
    expect(await notesOn(bob)).toBe(before);
    expect(await serverBody()).toBe(before);
    await bob.db.outbox.clear();
    await expect(mutate(envOf(ada), 'event-notes.update', { eventId, body: 'x'.repeat(4001) })).rejects.toThrow(
      'Event notes can have at most 4000 characters',
    );
  });

  it('two managers editing offline converge on the later-made edit, the other kept for its author', async () => {
    await backend.db.query(`update public.event_members set role = 'admin' where event_id = $1 and user_id = $2`, [
      eventId,
      bob.userId,
    ]);
    await sync(bob);
    await mutate(envOf(bob), 'event-notes.update', { eventId, body: 'Meet at the blue tent' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await mutate(envOf(ada), 'event-notes.update', { eventId, body: 'Meet at the main gate' });
    // The later-made edit arrives first; the earlier one, sent after, does not win.
    expect(await push(ada)).toMatchObject({ type: 'sent' });
    expect(await push(bob)).toMatchObject({ type: 'sent' });
    expect(await serverBody()).toBe('Meet at the main gate');
    await sync(ada);
    await sync(bob);
    expect(await notesOn(ada)).toBe('Meet at the main gate');
    expect(await notesOn(bob)).toBe('Meet at the main gate');
    const row = await bob.db.eventNotes.get(eventId);
    expect(row?.replaced?.at(-1)).toMatchObject({ value: { body: 'Meet at the blue tent' }, by: bob.userId });
  });
});

describe('shared contact details on the devices', () => {
  it('reach co-members only once shared, and leave their devices when taken back', async () => {
    await mutate(envOf(ada), 'profile.update', {
      changes: { phone: '+41 79 123 45 67', emergency_contact_name: 'Mia', emergency_contact_phone: '079 444 55 66' },
    });
    await expect(mutate(envOf(ada), 'profile.update', { changes: { phone: 'call me' } })).rejects.toThrow(
      'Enter a phone number',
    );
    await expect(mutate(envOf(ada), 'profile.update', { changes: { emergency_contact_phone: null } })).rejects.toThrow(
      'An emergency contact needs both a name and a phone number',
    );
    expect(await push(ada)).toMatchObject({ type: 'sent' });
    await sync(bob);
    expect(await bob.db.crewContacts.toArray()).toEqual([]);
    expect((await bob.db.profiles.get(ada.userId))?.phone).toBeNull();

    await mutate(envOf(ada), 'profile.update', { changes: { share_phone: true } });
    expect(await push(ada)).toMatchObject({ type: 'sent' });
    await sync(bob);
    expect(await bob.db.crewContacts.toArray()).toEqual([
      {
        key: ada.userId,
        user_id: ada.userId,
        phone: '+41 79 123 45 67',
        emergency_contact_name: null,
        emergency_contact_phone: null,
      },
    ]);
    // The owner's own device keeps the whole of it.
    await sync(ada);
    expect(await ada.db.profiles.get(ada.userId)).toMatchObject({
      phone: '+41 79 123 45 67',
      share_phone: true,
      emergency_contact_name: 'Mia',
      share_emergency_contact: false,
    });

    await mutate(envOf(ada), 'profile.update', { changes: { share_phone: false } });
    expect(await push(ada)).toMatchObject({ type: 'sent' });
    await sync(bob);
    expect(await bob.db.crewContacts.toArray()).toEqual([]);
  });
});
