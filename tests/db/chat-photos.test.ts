/**
 * Chat photos and deleted messages in the database (issue 20): a photo message needs no text and
 * points into its own folder of the private chat-photos bucket; members of the event see the photo
 * while the message lives, nobody else ever; a member adds a photo only for a message not made yet
 * or their own; the photo of a message cannot be changed; deleting removes text and photo on the
 * server and leaves a tombstone every member reads; only the author edits.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';
import { addMembers, makeEvent, makeUser, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let creator: TestUser;
let member: TestUser;
let other: TestUser;
let outsider: TestUser;
let anon: SupabaseClient;
let event: string;

beforeAll(async () => {
  backend = await startDb();
  creator = await makeUser(backend, 'creator');
  member = await makeUser(backend, 'member');
  other = await makeUser(backend, 'other');
  outsider = await makeUser(backend, 'outsider');
  anon = backend.anon();
  event = (await makeEvent(creator, { start_date: '2027-07-01', end_date: '2027-07-04' })).id;
  await addMembers(backend, event, [{ id: member.id }, { id: other.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

const png = () => new Blob([TINY_PNG], { type: 'image/png' });
const bucket = (client: SupabaseClient) => client.storage.from('chat-photos');

async function photoMessage(client: SupabaseClient, body = '') {
  const id = randomUUID();
  const path = `${event}/${id}/photo-1.png`;
  expect((await bucket(client).upload(path, png(), { contentType: 'image/png' })).error).toBeNull();
  const inserted = await client
    .from('chat_messages')
    .insert({ id, event_id: event, body, photo_path: path })
    .select('id, body, photo_path')
    .single();
  return { id, path, inserted };
}

describe('chat photos', () => {
  it('are sent without text into their own folder and read only by the event’s members', async () => {
    const { path, inserted } = await photoMessage(member.client);
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ body: '', photo_path: path });

    expect((await bucket(other.client).download(path)).error).toBeNull();
    expect((await bucket(creator.client).download(path)).error).toBeNull();
    expect((await bucket(outsider.client).download(path)).error).not.toBeNull();
    expect((await bucket(anon).download(path)).error).not.toBeNull();
    // Not listable: the folder names nothing to a stranger either.
    expect((await bucket(outsider.client).list(`${event}`)).data ?? []).toEqual([]);
  });

  it('refuse a photo of another folder, of someone else’s message, of an outsider, or not an image', async () => {
    const mine = await photoMessage(member.client, 'sunset');
    // Into the folder of another member's message: refused.
    expect((await bucket(other.client).upload(`${event}/${mine.id}/other.png`, png())).error).not.toBeNull();
    // An outsider into a new message's folder of the event: refused.
    expect((await bucket(outsider.client).upload(`${event}/${randomUUID()}/x.png`, png())).error).not.toBeNull();
    // Malformed folders and non-images: refused.
    expect((await bucket(member.client).upload(`${event}/not-a-uuid/x.png`, png())).error).not.toBeNull();
    expect((await bucket(member.client).upload(`${event}/x.png`, png())).error).not.toBeNull();
    expect(
      (await bucket(member.client).upload(`${event}/${randomUUID()}/note.txt`, new Blob(['hi']))).error,
    ).not.toBeNull();

    // A message pointing outside its own folder is refused.
    const id = randomUUID();
    const stray = await member.client
      .from('chat_messages')
      .insert({ id, event_id: event, body: 'look', photo_path: mine.path })
      .select('id');
    expect(stray.error?.message).toBe("A photo must be in its message's folder.");
    // A text message stays a text message: photo_path is not the client's to change.
    const text = await member.client.from('chat_messages').insert({ id, event_id: event, body: 'hi' }).select('id');
    expect(text.error).toBeNull();
    const swap = await member.client.from('chat_messages').update({ photo_path: mine.path }).eq('id', id).select('id');
    expect(swap.error).not.toBeNull();
    // An empty message without a photo is still refused.
    const empty = await member.client.from('chat_messages').insert({ id: randomUUID(), event_id: event, body: ' ' });
    expect(empty.error?.message).toBe('A message cannot be empty.');
  });
});

describe('deleting and editing', () => {
  it('removes the text and the photo on the server and leaves a tombstone every member reads', async () => {
    const { id, path } = await photoMessage(member.client, 'our pitch');
    const deleted = await member.client
      .from('chat_messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('body, photo_path, deleted_at')
      .single();
    expect(deleted.error).toBeNull();
    expect(deleted.data).toMatchObject({ body: '', photo_path: null });
    expect(deleted.data!.deleted_at).not.toBeNull();
    const seen = await other.client.from('chat_messages').select('body, photo_path, deleted_at').eq('id', id).single();
    expect(seen.data).toMatchObject({ body: '', photo_path: null });
    expect(seen.data!.deleted_at).not.toBeNull();
    // The photo of a deleted message is no one's to see any more, not even its author's.
    expect((await bucket(other.client).download(path)).error).not.toBeNull();
    expect((await bucket(member.client).download(path)).error).not.toBeNull();
    // And its folder takes no new file.
    expect((await bucket(member.client).upload(`${event}/${id}/again.png`, png())).error).not.toBeNull();
    // An edit cannot bring the text back.
    await member.client.from('chat_messages').update({ body: 'back' }).eq('id', id);
    const [row] = (await backend.db.query(`select body from public.chat_messages where id = $1`, [id])).rows;
    expect(row).toEqual({ body: '' });
  });

  it('lets only the author edit, and marks the edit', async () => {
    const { id } = await photoMessage(member.client, 'caption');
    const byOther = await other.client.from('chat_messages').update({ body: 'mine now' }).eq('id', id).select('id');
    expect(byOther.data).toEqual([]);
    const byCreator = await creator.client.from('chat_messages').update({ body: 'moderated' }).eq('id', id);
    expect(byCreator.error).toMatchObject({ code: '42501', message: 'Only the author can edit a message.' });
    // A photo's caption may be emptied; the photo stays.
    const cleared = await member.client
      .from('chat_messages')
      .update({ body: '' })
      .eq('id', id)
      .select('body, photo_path, edited_at')
      .single();
    expect(cleared.error).toBeNull();
    expect(cleared.data).toMatchObject({ body: '' });
    expect(cleared.data!.photo_path).not.toBeNull();
    expect(cleared.data!.edited_at).not.toBeNull();
    // A deletion by another member is no deletion.
    const otherDelete = await other.client
      .from('chat_messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('id');
    expect(otherDelete.data).toEqual([]);
  });
});
