/**
 * Issue 24 in the database: event notes (one row per event, made with it; every member reads
 * them, only managers change them, the length limit in words) and the profile's contact details
 * (the owner's alone, and co-members read through crew_contacts() only what each member shares).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, rpc, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let creator: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let eventId: string;

beforeAll(async () => {
  backend = await startDb();
  creator = await makeUser(backend, 'notescreator', { tier: 'starter' });
  admin = await makeUser(backend, 'notesadmin');
  member = await makeUser(backend, 'notesmember');
  outsider = await makeUser(backend, 'notesoutsider');
  eventId = (await makeEvent(creator)).id;
  await addMembers(backend, eventId, [{ id: admin.id, role: 'admin' }, { id: member.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

const notesOf = async (user: TestUser) =>
  (await user.client.from('event_notes').select('body, updated_by').eq('event_id', eventId)).data;
const editNotes = (user: TestUser, body: string) =>
  user.client.from('event_notes').update({ body }).eq('event_id', eventId).select('body');

it('makes every event its empty notes, read by members only', async () => {
  expect(await notesOf(creator)).toEqual([{ body: '', updated_by: null }]);
  expect(await notesOf(member)).toEqual([{ body: '', updated_by: null }]);
  expect(await notesOf(outsider)).toEqual([]);
});

it('lets managers edit the notes, never a member or an outsider', async () => {
  const body = 'Gate B, Seestrasse 12\nWifi: camp2026\n\nEmergency: +41 79 123 45 67';
  expect((await editNotes(admin, body)).data).toEqual([{ body }]);
  expect(await notesOf(member)).toEqual([{ body, updated_by: admin.id }]);
  expect((await editNotes(creator, `${body}\nTickets at the desk`)).data).toHaveLength(1);

  // RLS hides the row from the update: nothing changes.
  expect((await editNotes(member, 'hijacked')).data).toEqual([]);
  expect((await editNotes(outsider, 'hijacked')).data).toEqual([]);
  expect((await notesOf(member))?.[0].body).toBe(`${body}\nTickets at the desk`);

  // Nobody makes or removes a notes row, or moves it to another event.
  const other = (await makeEvent(outsider)).id;
  expect((await creator.client.from('event_notes').insert({ event_id: other, body: 'x' })).error?.code).toBe('42501');
  expect((await creator.client.from('event_notes').delete().eq('event_id', eventId)).error?.code).toBe('42501');
  expect(
    (await creator.client.from('event_notes').update({ event_id: other }).eq('event_id', eventId)).error?.code,
  ).toBe('42501');
});

it('refuses notes over 4000 characters in words, changing nothing', async () => {
  const before = (await notesOf(creator))?.[0].body;
  const refused = await editNotes(creator, 'x'.repeat(4001));
  expect(refused.error?.message).toBe('Event notes can have at most 4000 characters.');
  expect((await notesOf(creator))?.[0].body).toBe(before);
  expect((await editNotes(creator, 'y'.repeat(4000))).error).toBeNull();
});

it('keeps the later-made of two managers offline edits (the one conflict rule)', async () => {
  const [{ field_edits }] = (
    await backend.db.query<{ field_edits: Record<string, { at: string }> }>(
      `select field_edits from public.event_notes where event_id = $1`,
      [eventId],
    )
  ).rows;
  const seen = { body: field_edits.body.at };
  const later = new Date(Date.now() + 1000).toISOString();
  const earlier = new Date(Date.now() - 60_000).toISOString();
  await admin.client
    .from('event_notes')
    .update({ body: 'later', edited_at: later, edit_base: seen })
    .eq('event_id', eventId);
  await creator.client
    .from('event_notes')
    .update({ body: 'earlier', edited_at: earlier, edit_base: seen })
    .eq('event_id', eventId);
  const [row] = (
    await backend.db.query<{ body: string; replaced: { value: { body: string } }[] }>(
      `select body, replaced from public.event_notes where event_id = $1`,
      [eventId],
    )
  ).rows;
  expect(row.body).toBe('later');
  expect(row.replaced.at(-1)?.value).toEqual({ body: 'earlier' });
});

const contacts = async (user: TestUser) =>
  (
    (await rpc<
      {
        user_id: string;
        phone: string | null;
        emergency_contact_name: string | null;
        emergency_contact_phone: string | null;
      }[]
    >(user.client, 'crew_contacts')) ?? []
  ).sort((a, b) => a.user_id.localeCompare(b.user_id));

it('keeps contact details to their owner, and shows co-members only what is shared', async () => {
  const saved = await member.client
    .from('profiles')
    .update({ phone: '+41 79 111 22 33', emergency_contact_name: 'Mia', emergency_contact_phone: '079 444 55 66' })
    .eq('id', member.id);
  expect(saved.error).toBeNull();
  // Not shared yet: nobody sees anything, and the columns are never readable directly.
  expect(await contacts(creator)).toEqual([]);
  expect((await creator.client.from('profiles').select('phone').eq('id', member.id)).error?.code).toBe('42501');
  const own = await rpc<{ phone: string; share_phone: boolean }>(member.client, 'get_my_profile');
  expect(own).toMatchObject({ phone: '+41 79 111 22 33', share_phone: false, share_emergency_contact: false });

  await member.client.from('profiles').update({ share_phone: true }).eq('id', member.id);
  expect(await contacts(creator)).toEqual([
    { user_id: member.id, phone: '+41 79 111 22 33', emergency_contact_name: null, emergency_contact_phone: null },
  ]);
  await member.client
    .from('profiles')
    .update({ share_phone: false, share_emergency_contact: true })
    .eq('id', member.id);
  expect(await contacts(admin)).toEqual([
    { user_id: member.id, phone: null, emergency_contact_name: 'Mia', emergency_contact_phone: '079 444 55 66' },
  ]);
  // Someone sharing no event with them sees nothing; neither do they once they leave the crew.
  expect(await contacts(outsider)).toEqual([]);
  await backend.db.query(`update public.event_members set deleted_at = now() where event_id = $1 and user_id = $2`, [
    eventId,
    admin.id,
  ]);
  expect(await contacts(admin)).toEqual([]);
  // Nobody changes someone else's contact details.
  expect(
    (await creator.client.from('profiles').update({ share_phone: true }).eq('id', member.id).select('id')).data,
  ).toEqual([]);
});

it('refuses a malformed phone number or half an emergency contact, changing nothing', async () => {
  const bad = await member.client.from('profiles').update({ phone: 'call me' }).eq('id', member.id);
  expect(bad.error?.code).toBe('23514');
  const half = await member.client.from('profiles').update({ emergency_contact_name: null }).eq('id', member.id);
  expect(half.error?.code).toBe('23514');
  const own = await rpc<{ phone: string; emergency_contact_name: string }>(member.client, 'get_my_profile');
  expect(own).toMatchObject({ phone: '+41 79 111 22 33', emergency_contact_name: 'Mia' });
});
