/**
 * White label (issue 21): managers of an organizer event set an accent colour and a logo (a
 * private bucket: members read, managers of organizer events add and remove); other tiers are
 * refused with the upgrade prompt; a downgrade keeps the branding (only gating: the join preview
 * stops carrying it) and refuses changes.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';
import { addMembers, makeEvent, makeUser, startDb } from './events-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startDb();
});

afterAll(async () => {
  await backend?.stop();
});

const png = () => new Blob([TINY_PNG], { type: 'image/png' });
const logos = (client: SupabaseClient) => client.storage.from('event-logos');
const brand = (client: SupabaseClient, id: string, fields: Record<string, unknown>) =>
  client.from('events').update(fields).eq('id', id).select('accent_color, logo_path');

describe('event branding', () => {
  it('managers of an organizer event set the colour and logo; every member reads them; nobody else', async () => {
    const owner = await makeUser(backend, 'brandowner', { tier: 'organizer' });
    const admin = await makeUser(backend, 'brandadmin');
    const member = await makeUser(backend, 'brandmember');
    const outsider = await makeUser(backend, 'brandoutsider');
    const event = await makeEvent(owner, { name: 'Festival crew' });
    await addMembers(backend, event.id, [{ id: admin.id, role: 'admin' }, { id: member.id }]);
    const key = `${event.id}/logo-1.png`;

    expect((await logos(admin.client).upload(key, png())).error).toBeNull();
    expect((await logos(member.client).upload(`${event.id}/mine.png`, png())).error).not.toBeNull();
    expect((await logos(outsider.client).upload(`${event.id}/x.png`, png())).error).not.toBeNull();
    expect((await logos(admin.client).upload(`${event.id}/note.txt`, new Blob(['hi']))).error).not.toBeNull();
    expect((await logos(member.client).download(key)).error).toBeNull();
    expect((await logos(outsider.client).download(key)).error).not.toBeNull();
    expect((await logos(backend.anon()).download(key)).error).not.toBeNull();

    const set = await brand(admin.client, event.id, { accent_color: '#e4572e', logo_path: key });
    expect(set.error).toBeNull();
    expect(set.data).toEqual([{ accent_color: '#e4572e', logo_path: key }]);
    // a plain member changes nothing (the update policy is for managers)
    expect((await brand(member.client, event.id, { accent_color: '#000000' })).data).toEqual([]);
    const read = await member.client.from('events').select('accent_color, logo_path').eq('id', event.id).single();
    expect(read.data).toEqual({ accent_color: '#e4572e', logo_path: key });

    // bad input is refused with nothing changed
    expect((await brand(owner.client, event.id, { accent_color: 'red' })).error?.code).toBe('23514');
    expect((await brand(owner.client, event.id, { logo_path: `${crypto.randomUUID()}/x.png` })).error?.code).toBe(
      '23514',
    );

    // the join page's preview carries it for whoever holds the link
    expect((await backend.anon().rpc('get_event_preview', { p_event_id: event.id })).data).toMatchObject({
      accent_color: '#e4572e',
      logo_path: key,
    });
  });

  it('is organizer only, and a downgrade keeps it but gates it', async () => {
    const starter = await makeUser(backend, 'starterowner', { tier: 'starter' });
    const starterEvent = await makeEvent(starter);
    expect((await brand(starter.client, starterEvent.id, { accent_color: '#112233' })).error?.message).toBe(
      'Upgrade to organizer to unlock this feature',
    );
    expect((await logos(starter.client).upload(`${starterEvent.id}/logo.png`, png())).error).not.toBeNull();

    const owner = await makeUser(backend, 'downgrader', { tier: 'organizer' });
    const event = await makeEvent(owner);
    expect((await brand(owner.client, event.id, { accent_color: '#336699' })).error).toBeNull();
    await backend.db.query(`update public.profiles set subscription_tier = 'starter' where id = $1`, [owner.id]);
    const { rows } = await backend.db.query(`select access_tier, accent_color from public.events where id = $1`, [
      event.id,
    ]);
    expect(rows).toEqual([{ access_tier: 'starter', accent_color: '#336699' }]);
    expect((await brand(owner.client, event.id, { accent_color: '#000000' })).error?.message).toBe(
      'Upgrade to organizer to unlock this feature',
    );
    const preview = (await backend.anon().rpc('get_event_preview', { p_event_id: event.id })).data as Record<
      string,
      unknown
    >;
    expect(preview).not.toHaveProperty('accent_color');
  });
});
