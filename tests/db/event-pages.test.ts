/**
 * The event pages' tables in the database (issue 7): chat messages, reactions, read markers,
 * checklists, items, templates, schedule items and assignees. For each: who reads and writes
 * through REST (anonymous, outsider, member, event admin, the author), the columns no client may
 * forge, the tier gates decided from the event's access tier (free vs starter), the 4,000
 * character rule, the schedule's dates and planning days, and the replays of every procedure.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, rpc, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let creator: TestUser; // starter tier: creator of the starter event
let eventAdmin: TestUser;
let member: TestUser;
let other: TestUser;
let outsider: TestUser;
let freeCreator: TestUser;
let anon: SupabaseClient;
let starterEvent: string;
let freeEvent: string;

const UPGRADE_STARTER = 'Upgrade to starter to unlock this feature';

beforeAll(async () => {
  backend = await startDb();
  creator = await makeUser(backend, 'creator', { tier: 'starter' });
  eventAdmin = await makeUser(backend, 'eventadmin');
  member = await makeUser(backend, 'member');
  other = await makeUser(backend, 'other');
  outsider = await makeUser(backend, 'outsider', { tier: 'organizer' });
  freeCreator = await makeUser(backend, 'freecreator');
  anon = backend.anon();
  starterEvent = (await makeEvent(creator, { start_date: '2027-07-01', end_date: '2027-07-04' })).id;
  freeEvent = (await makeEvent(freeCreator, { start_date: '2027-08-01', end_date: '2027-08-03' })).id;
  await addMembers(backend, starterEvent, [{ id: eventAdmin.id, role: 'admin' }, { id: member.id }, { id: other.id }]);
  await addMembers(backend, freeEvent, [{ id: member.id }, { id: other.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await backend.db.query<T>(text, params)).rows;
}

async function send(client: SupabaseClient, eventId: string, body: string, extra: Record<string, unknown> = {}) {
  return client
    .from('chat_messages')
    .insert({ id: randomUUID(), event_id: eventId, body, ...extra })
    .select('id, author_id, body, created_at')
    .single();
}

async function message(client: SupabaseClient, eventId: string, body = 'hello'): Promise<string> {
  const { data, error } = await send(client, eventId, body);
  if (error) throw new Error(error.message);
  return data!.id as string;
}

describe('chat_messages', () => {
  it('lets members write and read, and nobody else', async () => {
    const id = await message(member.client, starterEvent, 'Who brings the stove?');
    const row = (await sql(`select author_id, imported from public.chat_messages where id = $1`, [id]))[0];
    expect(row).toEqual({ author_id: member.id, imported: false });

    expect((await member.client.from('chat_messages').select('id').eq('id', id)).data).toHaveLength(1);
    expect((await outsider.client.from('chat_messages').select('id').eq('id', id)).data).toEqual([]);
    const anonRead = await anon.from('chat_messages').select('id').eq('id', id);
    expect(anonRead.error?.code).toBe('42501');

    const out = await send(outsider.client, starterEvent, 'let me in');
    expect(out.error?.code).toBe('42501');
    const anonWrite = await send(anon, starterEvent, 'anonymous');
    expect(anonWrite.error?.code).toBe('42501');
  });

  it('refuses a forged author or import fields', async () => {
    const forged = await send(member.client, starterEvent, 'from someone else', { author_id: other.id });
    expect(forged.error?.code).toBe('42501');
    const imported = await send(member.client, starterEvent, 'old', { imported: true, import_key: 'x' });
    expect(imported.error?.code).toBe('42501');
  });

  it('takes 4,000 characters and refuses one more with the rule', async () => {
    expect((await send(member.client, starterEvent, 'x'.repeat(4000))).error).toBeNull();
    const long = await send(member.client, starterEvent, 'x'.repeat(4001));
    expect(long.error).toMatchObject({ code: 'P0001', message: 'Messages can be 4,000 characters at most.' });
    const empty = await send(member.client, starterEvent, '   ');
    expect(empty.error).toMatchObject({ code: 'P0001', message: 'A message cannot be empty.' });
  });

  it('makes one row of an insert replayed with the same id', async () => {
    const id = randomUUID();
    const row = { id, event_id: starterEvent, body: 'sent twice' };
    for (let i = 0; i < 2; i++) {
      const { error } = await member.client
        .from('chat_messages')
        .upsert(row, { onConflict: 'id', ignoreDuplicates: true });
      expect(error).toBeNull();
    }
    expect(await sql(`select body from public.chat_messages where id = $1`, [id])).toEqual([{ body: 'sent twice' }]);
  });

  it('lets the author edit, others not, and managers delete any message as a tombstone', async () => {
    const id = await message(member.client, starterEvent, 'typo');
    const edited = await member.client.from('chat_messages').update({ body: 'fixed' }).eq('id', id).select('id');
    expect(edited.data).toHaveLength(1);
    const after = (
      await sql<{ body: string; edited: boolean }>(
        `select body, edited_at is not null as edited from public.chat_messages where id = $1`,
        [id],
      )
    )[0];
    expect(after).toEqual({ body: 'fixed', edited: true });

    const byOther = await other.client.from('chat_messages').update({ body: 'hijacked' }).eq('id', id).select('id');
    expect(byOther.data).toEqual([]);
    const otherDelete = await other.client
      .from('chat_messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('id');
    expect(otherDelete.data).toEqual([]);
    const adminEdit = await eventAdmin.client.from('chat_messages').update({ body: 'moderated' }).eq('id', id);
    expect(adminEdit.error).toMatchObject({ code: '42501', message: 'Only the author can edit a message.' });

    const removed = await eventAdmin.client
      .from('chat_messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('id, body, deleted_at');
    expect(removed.data).toHaveLength(1);
    expect(removed.data![0]).toMatchObject({ body: '' });
    const firstDeletedAt = removed.data![0].deleted_at;
    // deleting again keeps the tombstone as it was; an edit cannot bring it back
    await member.client.from('chat_messages').update({ deleted_at: new Date().toISOString() }).eq('id', id);
    await member.client.from('chat_messages').update({ body: 'again?' }).eq('id', id);
    const tomb = (
      await sql<{ body: string; deleted_at: Date }>(`select body, deleted_at from public.chat_messages where id = $1`, [
        id,
      ])
    )[0];
    expect(tomb.body).toBe('');
    expect(new Date(tomb.deleted_at).toISOString()).toBe(new Date(firstDeletedAt as string).toISOString());
    const restore = await member.client.from('chat_messages').update({ deleted_at: null }).eq('id', id);
    expect(restore.error).toMatchObject({ code: 'P0001', message: 'This has been deleted.' });

    const hard = await eventAdmin.client.from('chat_messages').delete().eq('id', id);
    expect(hard.error?.code).toBe('42501');
  });

  it('allows replies on a starter event only, to a message of the same event', async () => {
    const freeMsg = await message(member.client, freeEvent, 'free');
    const freeReply = await send(member.client, freeEvent, 're', { reply_to_id: freeMsg });
    expect(freeReply.error).toMatchObject({ code: 'P0001', message: UPGRADE_STARTER });

    const starterMsg = await message(member.client, starterEvent, 'starter');
    expect((await send(other.client, starterEvent, 're', { reply_to_id: starterMsg })).error).toBeNull();
    const across = await send(member.client, starterEvent, 're', { reply_to_id: freeMsg });
    expect(across.error?.message).toBe('A reply must answer a message of the same event.');
  });
});

describe('chat_reactions, read markers and search', () => {
  it('adds a reaction once however often it is sent, removes it as a tombstone, on starter only', async () => {
    const id = await message(member.client, starterEvent, 'Tents are up');
    for (let i = 0; i < 2; i++)
      expect(await rpc(other.client, 'set_chat_reaction', { p_message_id: id, p_emoji: '🔥' })).toMatchObject({
        success: true,
      });
    expect(await sql(`select user_id, deleted_at from public.chat_reactions where message_id = $1`, [id])).toEqual([
      { user_id: other.id, deleted_at: null },
    ]);
    expect((await member.client.from('chat_reactions').select('emoji').eq('message_id', id)).data).toEqual([
      { emoji: '🔥' },
    ]);
    expect((await outsider.client.from('chat_reactions').select('emoji').eq('message_id', id)).data).toEqual([]);
    const outside = await rpc(outsider.client, 'set_chat_reaction', { p_message_id: id, p_emoji: '👍' });
    expect(outside.success).toBe(false);
    const direct = await other.client
      .from('chat_reactions')
      .insert({ message_id: id, event_id: starterEvent, user_id: other.id, emoji: '👍' });
    expect(direct.error?.code).toBe('42501');

    for (let i = 0; i < 2; i++)
      await rpc(other.client, 'set_chat_reaction', { p_message_id: id, p_emoji: '🔥', p_on: false });
    const [row] = await sql<{ deleted: boolean }>(
      `select deleted_at is not null as deleted from public.chat_reactions where message_id = $1`,
      [id],
    );
    expect(row.deleted).toBe(true);

    const freeMsg = await message(member.client, freeEvent, 'free');
    const { error } = await other.client.rpc('set_chat_reaction', { p_message_id: freeMsg, p_emoji: '🔥' });
    expect(error).toMatchObject({ code: 'P0001', message: UPGRADE_STARTER });
  });

  it('moves a read marker only forward and shows it to its owner only', async () => {
    const later = new Date(Date.now() - 1000).toISOString();
    const earlier = new Date(Date.now() - 60_000).toISOString();
    await rpc(member.client, 'mark_chat_read', { p_event_id: starterEvent, p_read_at: later });
    await rpc(member.client, 'mark_chat_read', { p_event_id: starterEvent, p_read_at: earlier });
    const { data } = await member.client.from('chat_read_markers').select('last_read_at').eq('event_id', starterEvent);
    expect(new Date(data![0].last_read_at as string).toISOString()).toBe(later);
    expect((await other.client.from('chat_read_markers').select('user_id').eq('event_id', starterEvent)).data).toEqual(
      [],
    );
    expect((await rpc(outsider.client, 'mark_chat_read', { p_event_id: starterEvent, p_read_at: later })).success).toBe(
      false,
    );
  });

  it('searches a starter event for members, escaping wildcards, and refuses on free', async () => {
    await message(member.client, starterEvent, 'Bring 100% of the marshmallows');
    await message(member.client, starterEvent, 'Bring 100 sausages');
    const found = await rpc<{ body: string }[]>(other.client, 'search_chat_messages', {
      p_event_id: starterEvent,
      p_query: '100%',
    });
    expect(found.map((m) => m.body)).toEqual(['Bring 100% of the marshmallows']);
    expect(await rpc(outsider.client, 'search_chat_messages', { p_event_id: starterEvent, p_query: 'Bring' })).toEqual(
      [],
    );
    const free = await member.client.rpc('search_chat_messages', { p_event_id: freeEvent, p_query: 'x' });
    expect(free.error).toMatchObject({ code: 'P0001', message: UPGRADE_STARTER });
  });
});

describe('WhatsApp import', () => {
  const batch = (userId: string) => [
    {
      sent_at: '2027-06-01T18:02:00Z',
      sender_name: 'Lea',
      user_id: userId,
      body: 'Who has the big tent?',
      occurrence: 0,
    },
    { sent_at: '2027-06-01T18:03:00Z', sender_name: '+41 79 123 45 67', body: 'ok', occurrence: 0 },
    { sent_at: '2027-06-01T18:03:00Z', sender_name: '+41 79 123 45 67', body: 'ok', occurrence: 1 },
  ];

  it('imports with the original time and sender, and a second import adds nothing', async () => {
    const first = await rpc(eventAdmin.client, 'import_whatsapp_messages', {
      p_event_id: starterEvent,
      p_batch_id: randomUUID(),
      p_messages: batch(member.id),
    });
    expect(first).toMatchObject({ success: true, imported: 3, skipped: 0 });
    const again = await rpc(creator.client, 'import_whatsapp_messages', {
      p_event_id: starterEvent,
      p_batch_id: randomUUID(),
      p_messages: batch(member.id),
    });
    expect(again).toMatchObject({ success: true, imported: 0, skipped: 3 });
    const rows = await sql(
      `select author_id, original_sender_name, created_at = original_sent_at as at_original, imported
       from public.chat_messages where event_id = $1 and imported order by created_at, original_sender_name`,
      [starterEvent],
    );
    expect(rows).toEqual([
      { author_id: member.id, original_sender_name: 'Lea', at_original: true, imported: true },
      { author_id: null, original_sender_name: '+41 79 123 45 67', at_original: true, imported: true },
      { author_id: null, original_sender_name: '+41 79 123 45 67', at_original: true, imported: true },
    ]);
  });

  it('is for managers of starter events only', async () => {
    const byMember = await rpc(member.client, 'import_whatsapp_messages', {
      p_event_id: starterEvent,
      p_batch_id: randomUUID(),
      p_messages: batch(member.id),
    });
    expect(byMember).toMatchObject({ success: false, message: 'Only the event creator and admins can import a chat.' });
    const free = await freeCreator.client.rpc('import_whatsapp_messages', {
      p_event_id: freeEvent,
      p_batch_id: randomUUID(),
      p_messages: batch(member.id),
    });
    expect(free.error).toMatchObject({ code: 'P0001', message: UPGRADE_STARTER });
    const imported = await sql(`select count(*)::int as n from public.chat_messages where event_id = $1 and imported`, [
      freeEvent,
    ]);
    expect(imported).toEqual([{ n: 0 }]);
  });

  it('keeps imported messages from being edited', async () => {
    const [row] = await sql<{ id: string }>(
      `select id from public.chat_messages where event_id = $1 and imported and author_id = $2`,
      [starterEvent, member.id],
    );
    const edit = await member.client.from('chat_messages').update({ body: 'rewritten' }).eq('id', row.id);
    expect(edit.error?.message).toBe('Imported messages cannot be edited.');
  });
});

async function makeList(user: TestUser, eventId: string, title = 'Packing', extra: Record<string, unknown> = {}) {
  const id = randomUUID();
  const { error } = await user.client
    .from('checklists')
    .insert({ id, event_id: eventId, title, kind: 'packing', position: 'V', ...extra });
  if (error) throw new Error(error.message);
  return id;
}

async function addItem(user: TestUser, listId: string, text: string, extra: Record<string, unknown> = {}) {
  const id = randomUUID();
  const { error } = await user.client
    .from('checklist_items')
    .insert({ id, checklist_id: listId, text, position: 'V', ...extra });
  return { id, error };
}

describe('checklists and items', () => {
  it('lets members create lists and items, sets event and author, and keeps outsiders out', async () => {
    const list = await makeList(member, starterEvent);
    const { id, error } = await addItem(other, list, 'Tent', { quantity: 2 });
    expect(error).toBeNull();
    expect(
      await sql(`select event_id, created_by, updated_by from public.checklist_items where id = $1`, [id]),
    ).toEqual([{ event_id: starterEvent, created_by: other.id, updated_by: other.id }]);
    expect((await outsider.client.from('checklists').select('id').eq('id', list)).data).toEqual([]);
    expect((await outsider.client.from('checklist_items').select('id').eq('id', id)).data).toEqual([]);
    expect((await anon.from('checklist_items').select('id')).error?.code).toBe('42501');
    expect((await addItem(outsider, list, 'Sneaky')).error?.code).toBe('42501');
    const outsiderList = await outsider.client
      .from('checklists')
      .insert({ id: randomUUID(), event_id: starterEvent, title: 'Mine' });
    expect(outsiderList.error?.code).toBe('42501');
    const forged = await member.client
      .from('checklist_items')
      .insert({ id: randomUUID(), checklist_id: list, text: 'x', created_by: other.id });
    expect(forged.error?.code).toBe('42501');
    const outsiderEdit = await outsider.client.from('checklist_items').update({ text: 'no' }).eq('id', id).select('id');
    expect(outsiderEdit.data).toEqual([]);
    expect((await other.client.from('checklist_items').delete().eq('id', id)).error?.code).toBe('42501');
  });

  it('records who ticked an item and when, and assigns only members', async () => {
    const list = await makeList(member, starterEvent, 'Shopping');
    const { id } = await addItem(member, list, 'Bread');
    for (let i = 0; i < 2; i++) await other.client.from('checklist_items').update({ done: true }).eq('id', id);
    const [ticked] = await sql<{ done_by: string; done_at: Date; updated_by: string }>(
      `select done_by, done_at, updated_by from public.checklist_items where id = $1`,
      [id],
    );
    expect(ticked).toMatchObject({ done_by: other.id, updated_by: other.id });
    await member.client.from('checklist_items').update({ done: true, text: 'Bread (2)' }).eq('id', id);
    const [still] = await sql<{ done_by: string; done_at: Date }>(
      `select done_by, done_at from public.checklist_items where id = $1`,
      [id],
    );
    expect(still).toEqual({ done_by: other.id, done_at: ticked.done_at });
    await member.client.from('checklist_items').update({ done: false }).eq('id', id);
    expect(await sql(`select done_by, done_at from public.checklist_items where id = $1`, [id])).toEqual([
      { done_by: null, done_at: null },
    ]);

    expect(
      (await member.client.from('checklist_items').update({ assignee_id: other.id }).eq('id', id)).error,
    ).toBeNull();
    const toOutsider = await member.client.from('checklist_items').update({ assignee_id: outsider.id }).eq('id', id);
    expect(toOutsider.error).toMatchObject({
      code: 'P0001',
      message: 'Items can only be assigned to members of the event.',
    });
    const zero = await member.client.from('checklist_items').update({ quantity: 0 }).eq('id', id);
    expect(zero.error?.code).toBe('23514');
    // position keys never end in 0, so there is always room for a key before or between them
    const badKey = await member.client.from('checklist_items').update({ position: 'a0' }).eq('id', id);
    expect(badKey.error?.code).toBe('23514');
    expect((await member.client.from('checklist_items').update({ position: 'a0V' }).eq('id', id)).error).toBeNull();
  });

  it('lets managers and the list creator delete a list, not other members', async () => {
    const list = await makeList(member, starterEvent, 'To do');
    const at = new Date().toISOString();
    const byOther = await other.client.from('checklists').update({ deleted_at: at }).eq('id', list);
    expect(byOther.error).toMatchObject({
      code: '42501',
      message: "Only the event's managers and the person who made a list can delete it.",
    });
    expect((await other.client.from('checklists').update({ title: 'Renamed' }).eq('id', list)).error).toBeNull();
    expect((await eventAdmin.client.from('checklists').update({ deleted_at: at }).eq('id', list)).error).toBeNull();
    expect(
      await sql(`select title, deleted_at is not null as deleted from public.checklists where id = $1`, [list]),
    ).toEqual([{ title: 'Renamed', deleted: true }]);
    const own = await makeList(other, starterEvent, 'Mine');
    await addItem(other, own, 'Goes with the list');
    expect((await other.client.from('checklists').update({ deleted_at: at }).eq('id', own)).error).toBeNull();
    expect((await addItem(member, own, 'late')).error?.message).toBe('This list has been deleted.');
    expect(
      await sql(
        `select count(*)::int as n from public.checklist_items where checklist_id = $1 and deleted_at is null`,
        [own],
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('clones a list once however often the clone is sent, on starter only', async () => {
    const list = await makeList(member, starterEvent, 'Kitchen');
    await addItem(member, list, 'Pot', { position: 'a' });
    await addItem(member, list, 'Pan', { position: 'b', done: true });
    const copy = randomUUID();
    const ids = [randomUUID(), randomUUID()];
    for (let i = 0; i < 2; i++)
      expect(
        await rpc(other.client, 'clone_checklist', { p_checklist_id: list, p_new_id: copy, p_item_ids: ids }),
      ).toMatchObject({ success: true, id: copy });
    expect(
      await sql(`select id, text, done from public.checklist_items where checklist_id = $1 order by position`, [copy]),
    ).toEqual([
      { id: ids[0], text: 'Pot', done: false },
      { id: ids[1], text: 'Pan', done: false },
    ]);
    expect(await sql(`select title from public.checklists where id = $1`, [copy])).toEqual([
      { title: 'Kitchen (copy)' },
    ]);

    const freeList = await makeList(member, freeEvent);
    const free = await member.client.rpc('clone_checklist', { p_checklist_id: freeList, p_new_id: randomUUID() });
    expect(free.error).toMatchObject({ code: 'P0001', message: UPGRADE_STARTER });
    const outside = await rpc(outsider.client, 'clone_checklist', { p_checklist_id: list, p_new_id: randomUUID() });
    expect(outside.success).toBe(false);
  });
});

describe('checklist templates', () => {
  it('saves, starts from and duplicates templates once per request, with the tier gates', async () => {
    const list = await makeList(member, starterEvent, 'Camp kit');
    await addItem(member, list, 'Stove', { position: 'a', quantity: 1 });
    await addItem(member, list, 'Gas', { position: 'b', quantity: 3 });
    const template = randomUUID();
    for (let i = 0; i < 2; i++)
      expect(
        await rpc(member.client, 'save_checklist_template', { p_checklist_id: list, p_template_id: template }),
      ).toMatchObject({ success: true });
    expect(
      await sql(`select owner_id, title, items from public.checklist_templates where id = $1`, [template]),
    ).toEqual([
      {
        owner_id: member.id,
        title: 'Camp kit',
        items: [
          { text: 'Stove', quantity: 1 },
          { text: 'Gas', quantity: 3 },
        ],
      },
    ]);
    expect((await other.client.from('checklist_templates').select('id').eq('id', template)).data).toEqual([]);

    const started = randomUUID();
    for (let i = 0; i < 2; i++)
      expect(
        await rpc(member.client, 'start_checklist_from_template', {
          p_event_id: starterEvent,
          p_template_id: template,
          p_checklist_id: started,
        }),
      ).toMatchObject({ success: true });
    expect(
      await sql(`select text, quantity from public.checklist_items where checklist_id = $1 order by position`, [
        started,
      ]),
    ).toEqual([
      { text: 'Stove', quantity: 1 },
      { text: 'Gas', quantity: 3 },
    ]);
    const onFree = await member.client.rpc('start_checklist_from_template', {
      p_event_id: freeEvent,
      p_template_id: template,
      p_checklist_id: randomUUID(),
    });
    expect(onFree.error).toMatchObject({ code: 'P0001', message: UPGRADE_STARTER });
    const freeList = await makeList(member, freeEvent);
    const saveFree = await member.client.rpc('save_checklist_template', {
      p_checklist_id: freeList,
      p_template_id: randomUUID(),
    });
    expect(saveFree.error).toMatchObject({ code: 'P0001', message: UPGRADE_STARTER });

    // duplicating is organizer, by the owner's own tier
    const dup = await member.client.rpc('duplicate_checklist_template', {
      p_template_id: template,
      p_new_id: randomUUID(),
    });
    expect(dup.error).toMatchObject({ code: 'P0001', message: 'Upgrade to organizer to unlock this feature' });
    await sql(`update public.profiles set subscription_tier = 'organizer' where id = $1`, [member.id]);
    const copy = randomUUID();
    for (let i = 0; i < 2; i++)
      expect(
        await rpc(member.client, 'duplicate_checklist_template', { p_template_id: template, p_new_id: copy }),
      ).toMatchObject({ success: true });
    expect(
      await sql(`select count(*)::int as n from public.checklist_templates where owner_id = $1`, [member.id]),
    ).toEqual([{ n: 2 }]);
    await sql(`update public.profiles set subscription_tier = 'free' where id = $1`, [member.id]);

    const removed = await member.client
      .from('checklist_templates')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', copy)
      .select('id');
    expect(removed.data).toHaveLength(1);
    const byOther = await other.client
      .from('checklist_templates')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', template)
      .select('id');
    expect(byOther.data).toEqual([]);
  });
});

async function addScheduleItem(user: TestUser, eventId: string, startsAt: string, endsAt: string, title = 'Hike') {
  const id = randomUUID();
  const { error } = await user.client
    .from('schedule_items')
    .insert({ id, event_id: eventId, title, starts_at: startsAt, ends_at: endsAt });
  return { id, error };
}

describe('schedule items and assignees', () => {
  it('lets members add items; the author and managers change them; outsiders nothing', async () => {
    const { id, error } = await addScheduleItem(member, starterEvent, '2027-07-02T09:00', '2027-07-02T12:00');
    expect(error).toBeNull();
    expect(await sql(`select created_by from public.schedule_items where id = $1`, [id])).toEqual([
      { created_by: member.id },
    ]);
    expect((await other.client.from('schedule_items').select('id').eq('id', id)).data).toHaveLength(1);
    expect((await outsider.client.from('schedule_items').select('id').eq('id', id)).data).toEqual([]);
    expect((await addScheduleItem(outsider, starterEvent, '2027-07-02T09:00', '2027-07-02T10:00')).error?.code).toBe(
      '42501',
    );
    const byOther = await other.client.from('schedule_items').update({ title: 'Nap' }).eq('id', id).select('id');
    expect(byOther.data).toEqual([]);
    const byAdmin = await eventAdmin.client
      .from('schedule_items')
      .update({ title: 'Long hike' })
      .eq('id', id)
      .select('id');
    expect(byAdmin.data).toHaveLength(1);
    const del = await member.client
      .from('schedule_items')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('id');
    expect(del.data).toHaveLength(1);
    expect((await member.client.from('schedule_items').delete().eq('id', id)).error?.code).toBe('42501');
  });

  it("refuses items outside the event's dates and multi-day items on free, with a message", async () => {
    const before = await addScheduleItem(member, starterEvent, '2027-06-30T20:00', '2027-06-30T22:00');
    expect(before.error).toMatchObject({
      code: 'P0001',
      message: "Schedule items must fall within the event's dates (2027-07-01 to 2027-07-04).",
    });
    const after = await addScheduleItem(member, starterEvent, '2027-07-04T22:00', '2027-07-05T01:00');
    expect(after.error?.message).toBe("Schedule items must fall within the event's dates (2027-07-01 to 2027-07-04).");
    expect((await addScheduleItem(member, starterEvent, '2027-07-04T22:00', '2027-07-05T00:00')).error).toBeNull();
    const backwards = await addScheduleItem(member, starterEvent, '2027-07-02T10:00', '2027-07-02T09:00');
    expect(backwards.error?.message).toBe('An item must end after it starts.');

    const multiFree = await addScheduleItem(member, freeEvent, '2027-08-01T20:00', '2027-08-02T10:00');
    expect(multiFree.error).toMatchObject({
      code: 'P0001',
      message:
        'Items that span several days are part of the extended schedule. Upgrade to starter to unlock this feature',
    });
    expect((await addScheduleItem(member, starterEvent, '2027-07-01T20:00', '2027-07-03T10:00')).error).toBeNull();
  });

  it("keeps the schedule within the tier's planning days", async () => {
    const undated = (await makeEvent(freeCreator)).id;
    await addMembers(backend, undated, [{ id: member.id }]);
    expect((await addScheduleItem(member, undated, '2027-09-01T10:00', '2027-09-01T11:00')).error).toBeNull();
    expect((await addScheduleItem(member, undated, '2027-09-30T10:00', '2027-09-30T11:00')).error).toBeNull();
    const tooFar = await addScheduleItem(member, undated, '2027-10-01T10:00', '2027-10-01T11:00');
    expect(tooFar.error).toMatchObject({
      code: 'P0001',
      message:
        'Your free plan allows a schedule of up to 30 planning days; this item would make it 31 days. Upgrade to starter for up to 180 days.',
    });
    // moving an item too far is refused the same way
    const { data } = await member.client.from('schedule_items').select('id').eq('event_id', undated).order('starts_at');
    const move = await member.client
      .from('schedule_items')
      .update({ starts_at: '2027-08-31T10:00', ends_at: '2027-08-31T11:00' })
      .eq('id', data![0].id);
    expect(move.error?.message).toMatch(/^Your free plan allows a schedule of up to 30 planning days/);

    // an event longer than its tier allows after a downgrade keeps a schedule of the allowed days
    const long = (await makeEvent(creator, { start_date: '2027-01-01', end_date: '2027-03-31' })).id;
    await sql(`update public.events set access_tier = 'free' where id = $1`, [long]);
    expect((await addScheduleItem(creator, long, '2027-01-30T10:00', '2027-01-30T11:00')).error).toBeNull();
    const day31 = await addScheduleItem(creator, long, '2027-01-31T10:00', '2027-01-31T11:00');
    expect(day31.error?.message).toMatch(/^Your free plan allows a schedule of up to 30 planning days/);
  });

  it('assigns members once however often it is sent, on starter only', async () => {
    const { id } = await addScheduleItem(member, starterEvent, '2027-07-03T18:00', '2027-07-03T19:00', 'Cook');
    for (let i = 0; i < 2; i++)
      expect(await rpc(member.client, 'set_schedule_assignee', { p_item_id: id, p_user_id: other.id })).toMatchObject({
        success: true,
      });
    expect(
      await sql(`select user_id, deleted_at from public.schedule_item_assignees where item_id = $1`, [id]),
    ).toEqual([{ user_id: other.id, deleted_at: null }]);
    expect((await other.client.from('schedule_item_assignees').select('user_id').eq('item_id', id)).data).toEqual([
      { user_id: other.id },
    ]);
    expect((await outsider.client.from('schedule_item_assignees').select('user_id').eq('item_id', id)).data).toEqual(
      [],
    );
    const notMember = await rpc(member.client, 'set_schedule_assignee', { p_item_id: id, p_user_id: outsider.id });
    expect(notMember).toMatchObject({ success: false, message: 'Items can only be assigned to members of the event.' });
    const byOther = await rpc(other.client, 'set_schedule_assignee', { p_item_id: id, p_user_id: eventAdmin.id });
    expect(byOther.success).toBe(false);
    expect(
      await rpc(other.client, 'set_schedule_assignee', { p_item_id: id, p_user_id: other.id, p_assigned: false }),
    ).toMatchObject({ success: true });
    await rpc(member.client, 'set_schedule_assignee', { p_item_id: id, p_user_id: eventAdmin.id });
    await member.client.from('schedule_items').update({ deleted_at: new Date().toISOString() }).eq('id', id);
    expect(
      await sql(
        `select count(*)::int as n from public.schedule_item_assignees where item_id = $1 and deleted_at is null`,
        [id],
      ),
    ).toEqual([{ n: 0 }]);

    const free = await addScheduleItem(member, freeEvent, '2027-08-02T10:00', '2027-08-02T11:00');
    const gated = await member.client.rpc('set_schedule_assignee', { p_item_id: free.id, p_user_id: member.id });
    expect(gated.error).toMatchObject({ code: 'P0001', message: UPGRADE_STARTER });
  });
});

describe('sync plumbing', () => {
  it('publishes every new table to Realtime and bumps updated_at on change', async () => {
    const rows = await sql<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and tablename in
       ('chat_messages','chat_reactions','chat_read_markers','checklists','checklist_items','checklist_templates',
        'schedule_items','schedule_item_assignees') order by tablename`,
    );
    expect(rows).toHaveLength(8);
    const list = await makeList(member, starterEvent, 'Cursor');
    const [before] = await sql<{ updated_at: Date }>(`select updated_at from public.checklists where id = $1`, [list]);
    await member.client.from('checklists').update({ title: 'Cursor 2' }).eq('id', list);
    const [after] = await sql<{ updated_at: Date }>(`select updated_at from public.checklists where id = $1`, [list]);
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
  });
});

describe('every new table, every caller', () => {
  const tables = [
    'chat_messages',
    'chat_reactions',
    'chat_read_markers',
    'checklists',
    'checklist_items',
    'checklist_templates',
    'schedule_items',
    'schedule_item_assignees',
  ];

  it('hides every row from anonymous callers and outsiders, and lets nobody hard-delete', async () => {
    for (const table of tables) {
      const anonymous = await anon.from(table).select('*').limit(1);
      expect([table, anonymous.error?.code]).toEqual([table, '42501']);
      const outside = await outsider.client.from(table).select('*');
      expect([table, outside.data]).toEqual([table, []]);
      const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.${table}`);
      expect([table, n > 0]).toEqual([table, true]);
      for (const user of [member, eventAdmin, creator]) {
        const removed = await user.client.from(table).delete().not('updated_at', 'is', null);
        expect([table, removed.error?.code]).toEqual([table, '42501']);
      }
      const [{ after }] = await sql<{ after: number }>(`select count(*)::int as after from public.${table}`);
      expect([table, after]).toEqual([table, n]);
    }
  });

  it('lets members read the rows of their events only', async () => {
    for (const table of tables.filter((t) => t !== 'checklist_templates' && t !== 'chat_read_markers')) {
      const { data } = await other.client.from(table).select('event_id');
      const events = new Set((data ?? []).map((r) => r.event_id as string));
      expect([table, [...events].every((e) => e === starterEvent || e === freeEvent), events.size > 0]).toEqual([
        table,
        true,
        true,
      ]);
    }
  });
});
