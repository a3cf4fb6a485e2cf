/**
 * The join page's logo for a link holder (issue 21): the event-logo server function answers a
 * short-lived signed URL for the one object get_event_preview names as an organizer event's logo,
 * to anyone holding the event's id (the anon key included). The bucket stays private: a link
 * holder cannot list it, read the logo without the signed URL, or turn the URL into another
 * object's; an event without a logo, no longer organizer, or unknown answers the same 404.
 */
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { callFunction } from '../support/functions.ts';
import { TINY_PNG } from '../support/images.ts';
import { makeEvent, makeUser, type TestUser } from './events-support.ts';

let backend: TestBackend;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false, functionsDir: path.resolve('supabase/functions') });
  owner = await makeUser(backend, 'brander', { tier: 'organizer' });
  stranger = await makeUser(backend, 'linkholder');
});

afterAll(async () => {
  await backend?.stop();
});

const logos = (client: SupabaseClient) => client.storage.from('event-logos');

/** An organizer event with a logo uploaded and set by its owner. */
async function brandedEvent(file: string, bytes: Uint8Array<ArrayBuffer>) {
  const event = await makeEvent(owner);
  const key = `${event.id}/${file}`;
  expect((await logos(owner.client).upload(key, new Blob([bytes], { type: 'image/png' }))).error).toBeNull();
  expect((await owner.client.from('events').update({ logo_path: key }).eq('id', event.id)).error).toBeNull();
  return { id: event.id, key };
}

it('gives a link holder a signed URL for the logo alone; the bucket stays closed to them', async () => {
  const shown = await brandedEvent('logo.png', TINY_PNG);
  const other = await brandedEvent('secret.png', new Uint8Array([...TINY_PNG, 0]));

  for (const token of [undefined, await tokenOf(stranger.client)]) {
    const answer = await callFunction<{ url: string; expires_in: number }>(backend, 'event-logo', {
      token,
      body: { eventId: shown.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.expires_in).toBe(600);
    const image = await fetch(answer.body.url);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(TINY_PNG);

    // The URL's token is bound to its object: pointed at another event's logo it is refused.
    const forged = answer.body.url.replace(shown.key, other.key);
    expect(forged).not.toBe(answer.body.url);
    expect((await fetch(forged)).ok).toBe(false);
  }

  // Without the signed URL the bucket is closed to a non-member and to the anon key.
  for (const client of [stranger.client, backend.anon()]) {
    const listed = await logos(client).list(shown.id);
    expect(listed.data ?? []).toEqual([]);
    expect((await logos(client).download(shown.key)).data).toBeNull();
    expect((await logos(client).download(other.key)).data).toBeNull();
    expect((await logos(client).createSignedUrl(other.key, 60)).data).toBeNull();
  }
});

it('answers 404 for an event without a logo, no longer organizer, or unknown, and 400 for a bad id', async () => {
  const plain = await makeEvent(owner);
  const lapsed = await makeUser(backend, 'lapsed', { tier: 'organizer' });
  const lapsedEvent = await makeEvent(lapsed);
  const key = `${lapsedEvent.id}/logo.png`;
  expect((await logos(lapsed.client).upload(key, new Blob([TINY_PNG], { type: 'image/png' }))).error).toBeNull();
  expect((await lapsed.client.from('events').update({ logo_path: key }).eq('id', lapsedEvent.id)).error).toBeNull();
  await backend.db.query(`update public.profiles set subscription_tier = 'free' where id = $1`, [lapsed.id]);

  for (const eventId of [plain.id, lapsedEvent.id, crypto.randomUUID()]) {
    expect(await callFunction(backend, 'event-logo', { body: { eventId } })).toEqual({
      status: 404,
      body: { error: 'This event has no logo.' },
    });
  }
  expect(await callFunction(backend, 'event-logo', { body: { eventId: 'not-an-id' } })).toEqual({
    status: 400,
    body: { error: 'eventId must be a UUID' },
  });
});

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}
