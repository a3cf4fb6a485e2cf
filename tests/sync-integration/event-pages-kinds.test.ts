/**
 * The event pages' mutation kinds (chat, checklists, templates, schedule, transport) against the local
 * backend with the real supabase-js: each sent twice, as a lost response makes the engine do,
 * changes the server once; then push and pull settle the device on the server's rows. Then two
 * members editing the same list offline converge, and messages written offline arrive in order.
 * Premium transport: a return ride's direction, pick-up points, a passenger's stop and a cost split
 * (an expense and the ride pointing at it, queued offline) round-trip, and their replays change nothing.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { pushNext } from '../../src/sync/push.ts';
import { planMove, sortByPosition } from '../../src/sync/ordering.ts';
import { type Device } from './support/device.ts';
import { closeDevices, ctxOf, envOf, pullOnto as sync, twoMembersOnOneEvent } from './support/crew.ts';

let backend: TestBackend;
let ada: Device; // organizer: creator of the event
let bob: Device; // member
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  ({ ada, bob, eventId } = await twoMembersOnOneEvent(backend, { creatorTier: 'organizer', eventName: 'Festival' }));
});

afterAll(async () => {
  await closeDevices([ada, bob]);
  await backend?.stop();
});

async function q(sql: string, params: unknown[] = []) {
  return (await backend.db.query(sql, params)).rows;
}

/** Everything the kinds can change, without the timestamps a replay may bump. */
async function serverState(): Promise<unknown> {
  return {
    messages: await q(
      `select id, event_id, author_id, body, reply_to_id, imported, original_sender_name, import_key,
              edited_at is not null as edited, deleted_at is not null as deleted from public.chat_messages order by id`,
    ),
    reactions: await q(
      `select message_id, user_id, emoji, deleted_at is not null as deleted from public.chat_reactions order by 1, 2, 3`,
    ),
    markers: await q(`select event_id, user_id, last_read_at from public.chat_read_markers order by 1, 2`),
    lists: await q(
      `select id, event_id, title, kind, position, created_by, deleted_at is not null as deleted from public.checklists order by id`,
    ),
    items: await q(
      `select id, checklist_id, text, quantity, assignee_id, due_date::text, done, done_by, done_at is not null as done_at,
              position, deleted_at is not null as deleted from public.checklist_items order by id`,
    ),
    templates: await q(
      `select id, owner_id, title, kind, items, deleted_at is not null as deleted from public.checklist_templates order by id`,
    ),
    schedule: await q(
      `select id, title, starts_at::text, ends_at::text, location, notes, deleted_at is not null as deleted
       from public.schedule_items order by id`,
    ),
    assignees: await q(
      `select item_id, user_id, deleted_at is not null as deleted from public.schedule_item_assignees order by 1, 2`,
    ),
    rides: await q(
      `select id, event_id, driver_id, vehicle, seats, departure_place, departs_at::text, notes, direction, stops,
              cost_split, deleted_at is not null as deleted from public.rides order by id`,
    ),
    passengers: await q(
      `select ride_id, user_id, pickup_stop_id, deleted_at is not null as deleted from public.ride_passengers
       order by 1, 2`,
    ),
    expenses: await q(
      `select id, title, amount_minor, currency, rate_e6, amount_event_minor, spent_on::text, paid_by, payers, category,
              shares, receipt_path, field_edits, replaced, deleted_at is not null as deleted
       from public.expenses order by id`,
    ),
    receipts: await q(`select name, owner from storage.objects where bucket_id = 'receipts' order by name`),
    settlements: await q(
      `select id, from_user, to_user, amount_minor, paid_currency, paid_amount_minor, paid_rate_e6,
              deleted_at is not null as deleted from public.settlements order by id`,
    ),
    plans: await q(`select event_id, width_m, height_m from public.site_plans order by event_id`),
    siteItems: await q(
      `select id, kind, label, x_m::text, y_m::text, width_m::text, height_m::text, rotation, assignee_id, layer,
              points, moved_at, deleted_at is not null as deleted from public.site_items order by id`,
    ),
  };
}

/** Queues a change on `d`, sends the entry's call twice, and checks the server did it once. */
async function sendTwice(d: Device, kind: string, args: unknown): Promise<Record<string, unknown>> {
  const queued = await mutate(envOf(d), kind, args);
  const entry = (await d.db.outbox.where('mutationId').equals(queued.mutationId).first())!;
  await d.registry.get(kind).send(ctxOf(d), entry.args);
  const once = await serverState();
  await d.registry.get(kind).send(ctxOf(d), entry.args);
  expect(await serverState()).toEqual(once);
  expect(await pushNext({ db: d.db, registry: d.registry, ctx: ctxOf(d) })).toMatchObject({ type: 'sent' });
  expect(await serverState()).toEqual(once);
  return entry.args as Record<string, unknown>;
}

/** Pulls and checks the device has settled every change it sent (one pull per test: pulls are slow). */
async function settle(...devices: Device[]) {
  // A pull drops the entries acknowledged before it started: not in the same millisecond.
  await new Promise((resolve) => setTimeout(resolve, 2));
  for (const d of devices) {
    await sync(d);
    expect(await d.db.outbox.count()).toBe(0);
  }
}

describe('every event-page kind sent twice changes the server once', () => {
  it('chat: send, reply, edit, react, read marker, delete', async () => {
    const sent = await sendTwice(ada, 'chat.send', { eventId, body: 'Who brings the stove?' });
    const id = String(sent.id);
    expect(await q(`select body, author_id from public.chat_messages where id = $1`, [id])).toEqual([
      { body: 'Who brings the stove?', author_id: ada.userId },
    ]);
    await sync(bob);
    expect((await bob.db.chatMessages.get(id))?.body).toBe('Who brings the stove?');

    const reply = await sendTwice(bob, 'chat.send', { eventId, body: 'Me!', replyToId: id });
    await sendTwice(bob, 'chat.edit', { id: String(reply.id), body: 'Me, and the gas.' });
    await sync(bob);
    expect((await bob.db.chatMessages.get(String(reply.id)))?.edited_at).not.toBeNull();
    await sendTwice(bob, 'chat.react', { eventId, messageId: id, emoji: '🔥', on: true });
    expect(await bob.db.chatReactions.where('message_id').equals(id).count()).toBe(1);
    await sendTwice(bob, 'chat.react', { eventId, messageId: id, emoji: '🔥', on: false });
    expect(await bob.db.chatReactions.where('message_id').equals(id).count()).toBe(0);
    await sendTwice(bob, 'chat.mark-read', { eventId, readAt: new Date().toISOString(), messageId: id });
    expect((await bob.db.chatReadMarkers.get(eventId))?.last_read_message_id).toBe(id);

    await sendTwice(ada, 'chat.delete', { id: String(reply.id) }); // the creator moderates
    await settle(ada, bob);
    // A tombstone on every device: the chat shows that a message was deleted, without its text.
    for (const d of [ada, bob]) {
      const tombstone = await d.db.chatMessages.get(String(reply.id));
      expect(tombstone).toMatchObject({ body: '', photo_path: null });
      expect(tombstone?.deleted_at).toBeTruthy();
    }
    // Deleted on this device before it is sent: the tombstone shows at once.
    const own = await sendTwice(bob, 'chat.send', { eventId, body: 'Oops, wrong chat' });
    await mutate(envOf(bob), 'chat.delete', { id: String(own.id) });
    expect(await bob.db.chatMessages.get(String(own.id))).toMatchObject({ body: '', photo_path: null });
    expect((await bob.db.chatMessages.get(String(own.id)))?.deleted_at).toBeTruthy();
    expect(await pushNext({ db: bob.db, registry: bob.registry, ctx: ctxOf(bob) })).toMatchObject({ type: 'sent' });
    await settle(bob);
    expect(await q(`select body from public.chat_messages where id = $1 and deleted_at is not null`, [own.id])).toEqual(
      [{ body: '' }],
    );
  });

  it('chat: a photo with a caption (a replayed upload finds its own file), seen by another member', async () => {
    const args = await sendTwice(bob, 'chat.send-photo', {
      eventId,
      caption: 'Our pitch ',
      bytes: TINY_PNG,
      contentType: 'image/png',
    });
    const id = String(args.id);
    const path = String(args.path);
    expect(path.startsWith(`${eventId}/${id}/photo-`)).toBe(true);
    expect(await q(`select body, photo_path, author_id from public.chat_messages where id = $1`, [id])).toEqual([
      { body: 'Our pitch', photo_path: path, author_id: bob.userId },
    ]);
    await settle(bob, ada);
    expect(await ada.db.chatMessages.get(id)).toMatchObject({ body: 'Our pitch', photo_path: path });
    const { data, error } = await ada.client.storage.from('chat-photos').download(path);
    expect(error).toBeNull();
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(TINY_PNG);
  });

  it('chat: a WhatsApp import batch', async () => {
    const messages = [
      { sent_at: '2027-06-01T18:02:00Z', sender_name: 'Bob', user_id: bob.userId, body: 'Tent?', occurrence: 0 },
      { sent_at: '2027-06-01T18:03:00Z', sender_name: 'Carla', body: 'ok', occurrence: 0 },
    ];
    await sendTwice(ada, 'chat.import-whatsapp', { eventId, batchId: randomUUID(), messages });
    await settle(ada);
    const imported = (
      await ada.db.chatMessages.where('[event_id+created_at]').between([eventId, ''], [eventId, '\uffff']).toArray()
    ).filter((m) => m.imported);
    expect(imported.map((m) => [m.original_sender_name, m.author_id])).toEqual([
      ['Bob', bob.userId],
      ['Carla', null],
    ]);
  });

  it('checklists: lists, items, ticks, moves, clones, templates', async () => {
    const list = String((await sendTwice(bob, 'checklist.create', { eventId, title: 'Packing', kind: 'packing' })).id);
    await sendTwice(bob, 'checklist.update', { id: list, changes: { title: 'Packing list' } });
    const items: string[] = [];
    for (const text of ['Tent', 'Stove', 'Gas'])
      items.push(String((await sendTwice(bob, 'checklist-item.add', { checklistId: list, eventId, text })).id));
    await sendTwice(bob, 'checklist-item.update', { id: items[1], changes: { quantity: 2, assignee_id: ada.userId } });
    await sendTwice(ada, 'checklist-item.set-done', { id: items[0], done: true });
    expect(await q(`select done, done_by from public.checklist_items where id = $1`, [items[0]])).toEqual([
      { done: true, done_by: ada.userId },
    ]);
    const rows = await bob.db.checklistItems.where('checklist_id').equals(list).toArray();
    await sendTwice(bob, 'checklist-item.move', { checklistId: list, moves: planMove(rows, items[2], 0) });
    const order = sortByPosition(await bob.db.checklistItems.where('checklist_id').equals(list).toArray());
    expect(order.map((i) => i.text)).toEqual(['Gas', 'Tent', 'Stove']);
    const serverOrder = await q(
      `select text from public.checklist_items where checklist_id = $1 order by position, id`,
      [list],
    );
    expect(serverOrder.map((r) => r.text)).toEqual(['Gas', 'Tent', 'Stove']);

    await sync(ada);
    const copy = String((await sendTwice(ada, 'checklist.clone', { sourceId: list })).id);
    const copied = sortByPosition(await ada.db.checklistItems.where('checklist_id').equals(copy).toArray());
    expect(copied.map((i) => [i.text, i.done])).toEqual([
      ['Gas', false],
      ['Tent', false],
      ['Stove', false],
    ]);

    const template = String((await sendTwice(ada, 'checklist-template.save', { checklistId: list })).id);
    expect((await ada.db.checklistTemplates.get(template))?.items.map((i) => i.text)).toEqual(['Gas', 'Tent', 'Stove']);
    const started = String((await sendTwice(ada, 'checklist-template.use', { eventId, templateId: template })).id);
    expect(await ada.db.checklistItems.where('checklist_id').equals(started).count()).toBe(3);
    const duplicate = String((await sendTwice(ada, 'checklist-template.duplicate', { templateId: template })).id);
    expect((await ada.db.checklistTemplates.get(duplicate))?.title).toBe('Packing list (copy)');
    await sendTwice(ada, 'checklist-template.delete', { id: duplicate });
    expect(await ada.db.checklistTemplates.get(duplicate)).toBeUndefined();

    await sendTwice(bob, 'checklist-item.delete', { id: items[1] });
    expect(await bob.db.checklistItems.get(items[1])).toBeUndefined();
    await sendTwice(ada, 'checklist.delete', { id: copy });
    expect(await ada.db.checklists.get(copy)).toBeUndefined();
    await settle(ada, bob);
    expect(await bob.db.checklistItems.get(items[1])).toBeUndefined();
    expect(await bob.db.checklists.get(copy)).toBeUndefined();
  });

  it('schedule: create, update, assign, delete', async () => {
    const item = String(
      (
        await sendTwice(bob, 'schedule.create', {
          eventId,
          title: 'Sunrise hike',
          starts_at: '2027-07-02T05:00',
          ends_at: '2027-07-02T08:00',
        })
      ).id,
    );
    expect(await bob.db.scheduleItems.get(item)).toMatchObject({
      starts_at: '2027-07-02T05:00:00',
      ends_at: '2027-07-02T08:00:00',
    });
    await sendTwice(bob, 'schedule.update', { id: item, changes: { location: 'Hut door', notes: 'Head torches' } });
    await sendTwice(bob, 'schedule.assign', { eventId, itemId: item, userId: ada.userId, assigned: true });
    expect(await bob.db.scheduleAssignees.where('item_id').equals(item).count()).toBe(1);
    await sendTwice(bob, 'schedule.assign', { eventId, itemId: item, userId: ada.userId, assigned: false });
    await sendTwice(bob, 'schedule.delete', { id: item });
    expect(await bob.db.scheduleItems.get(item)).toBeUndefined();
    await settle(bob);
    expect(await bob.db.scheduleItems.get(item)).toBeUndefined();
  });

  it('expenses: record, change, settle, undo, delete', async () => {
    const shares = [
      { user_id: ada.userId < bob.userId ? ada.userId : bob.userId, share_minor: 1001 },
      { user_id: ada.userId < bob.userId ? bob.userId : ada.userId, share_minor: 1000 },
    ];
    const expense = String(
      (
        await sendTwice(bob, 'expense.create', {
          eventId,
          title: 'Groceries',
          amount_minor: 2001,
          spent_on: '2027-07-01',
          paid_by: bob.userId,
          category: 'food',
          shares,
        })
      ).id,
    );
    await sendTwice(bob, 'expense.update', {
      id: expense,
      changes: { title: 'Groceries and ice', category: 'drinks' },
    });
    const settlement = String(
      (
        await sendTwice(ada, 'settlement.record', {
          eventId,
          from_user: ada.userId,
          to_user: bob.userId,
          amount_minor: 1000,
        })
      ).id,
    );
    await sendTwice(ada, 'settlement.undo', { id: settlement });
    await sendTwice(bob, 'expense.delete', { id: expense });
    await settle(ada, bob);
    expect(await bob.db.expenses.get(expense)).toBeUndefined();
    expect(await ada.db.settlements.get(settlement)).toBeUndefined();
  });

  it('expenses: two members changing different fields of one expense offline both keep their change', async () => {
    const queued = await mutate(envOf(ada), 'expense.create', {
      eventId,
      title: 'Firewood',
      amount_minor: 1500,
      spent_on: '2027-07-02',
      // Bob paid (so he may change it too); Ada recorded it.
      paid_by: bob.userId,
      category: 'camping',
      shares: [],
    });
    await pushAll(ada);
    await sync(bob);
    const id = String((queued.args as { id: string }).id);
    await mutate(envOf(ada), 'expense.update', { id, changes: { title: 'Firewood and matches' } });
    await mutate(envOf(bob), 'expense.update', { id, changes: { amount_minor: 1750 } });
    await pushAll(bob);
    await pushAll(ada);
    await settle(ada, bob);
    for (const d of [ada, bob])
      expect(await d.db.expenses.get(id)).toMatchObject({ title: 'Firewood and matches', amount_minor: 1750 });
  });

  it('expenses: another currency, several payers and a payment in another currency (organizer)', async () => {
    const [first, second] = [ada.userId, bob.userId].sort();
    const expense = String(
      (
        await sendTwice(ada, 'expense.create', {
          eventId,
          title: 'Campsite',
          amount_minor: 10_001,
          currency: 'EUR',
          rate_e6: 935_500,
          spent_on: '2027-07-01',
          paid_by: ada.userId,
          payers: [
            { user_id: first, paid_minor: 6_001 },
            { user_id: second, paid_minor: 4_000 },
          ].map((p) => ({ ...p })),
          category: 'camping',
          shares: [
            { user_id: first, share_minor: 5_001 },
            { user_id: second, share_minor: 5_000 },
          ],
        })
      ).id,
    );
    await sendTwice(ada, 'expense.update', {
      id: expense,
      changes: {
        amount_minor: 10_000,
        rate_e6: 940_000,
        payers: [{ user_id: ada.userId, paid_minor: 10_000 }],
        shares: [
          { user_id: first, share_minor: 5_000 },
          { user_id: second, share_minor: 5_000 },
        ],
      },
      base: { money: (await ada.db.expenses.get(expense))!.field_edits!.money.at },
    });
    const receipt = await sendTwice(ada, 'expense.attach-receipt', {
      eventId,
      expenseId: expense,
      bytes: TINY_PNG,
      contentType: 'image/png',
    });
    expect(await q(`select count(*)::int as n from storage.objects where name = $1`, [receipt.path])).toEqual([
      { n: 1 },
    ]);
    await sendTwice(bob, 'settlement.record', {
      eventId,
      from_user: bob.userId,
      to_user: ada.userId,
      amount_minor: 4_700,
      paid: { currency: 'EUR', amount_minor: 5_000, rate_e6: 940_000 },
    });
    await settle(ada, bob);
    expect(await bob.db.expenses.get(expense)).toMatchObject({
      currency: 'EUR',
      rate_e6: 940_000,
      amount_event_minor: 9_400,
      payers: [{ user_id: ada.userId, paid_minor: 10_000 }],
      receipt_path: receipt.path,
      replaced: [],
    });
    expect(await q(`select amount_event_minor from public.expenses where id = $1`, [expense])).toEqual([
      { amount_event_minor: 9_400 },
    ]);
  });

  it('expenses: two members changing the same field offline: the later-made change wins, the other is told', async () => {
    const queued = await mutate(envOf(ada), 'expense.create', {
      eventId,
      title: 'Gas',
      amount_minor: 900,
      spent_on: '2027-07-02',
      paid_by: bob.userId,
      category: 'camping',
      shares: [],
    });
    await pushAll(ada);
    await sync(bob);
    const id = String((queued.args as { id: string }).id);
    const baseOf = async (d: Device) => ({ title: (await d.db.expenses.get(id))!.field_edits!.title.at });
    await mutate(envOf(ada), 'expense.update', { id, changes: { title: 'Gas bottle' }, base: await baseOf(ada) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mutate(envOf(bob), 'expense.update', { id, changes: { title: 'Gas cartridges' }, base: await baseOf(bob) });
    // Ada's earlier change reaches the server last: Bob's later one still wins.
    await pushAll(bob);
    await pushAll(ada);
    await settle(ada, bob);
    for (const d of [ada, bob]) {
      const row = (await d.db.expenses.get(id))!;
      expect(row.title).toBe('Gas cartridges');
      expect(row.replaced).toEqual([
        expect.objectContaining({
          group: 'title',
          value: { title: 'Gas bottle' },
          by: ada.userId,
          replaced_by: bob.userId,
        }),
      ]);
    }
  });

  it('site plan: size, place, move, change, remove; the later move wins on both devices', async () => {
    await sendTwice(ada, 'site-plan.set-size', { eventId, width_m: 80, height_m: 50 });
    const tent = String(
      (
        await sendTwice(bob, 'site-item.place', {
          eventId,
          kind: 'tent',
          label: 'Bob',
          x_m: 10,
          y_m: 10,
          width_m: 3,
          height_m: 3,
          rotation: 0,
        })
      ).id,
    );
    await sendTwice(bob, 'site-item.move', { id: tent, to: { x_m: 12.5, y_m: 8 } });
    await sendTwice(bob, 'site-item.change', { id: tent, changes: { assignee_id: ada.userId } });
    await settle(ada, bob);
    // Offline, Bob moves the tent first and Ada later; Ada's move reaches the server first.
    await mutate(envOf(bob), 'site-item.move', { id: tent, to: { x_m: 1, y_m: 1 } });
    await new Promise((r) => setTimeout(r, 5));
    await mutate(envOf(ada), 'site-item.move', { id: tent, to: { x_m: 40, y_m: 20 } });
    await pushAll(ada);
    await pushAll(bob);
    await settle(ada, bob);
    for (const d of [ada, bob]) expect(await d.db.siteItems.get(tent)).toMatchObject({ x_m: 40, y_m: 20 });
    expect(await ada.db.sitePlans.get(eventId)).toMatchObject({ width_m: 80, height_m: 50 });
    await sendTwice(ada, 'site-item.remove', { id: tent });
    await settle(ada, bob);
    expect(await bob.db.siteItems.get(tent)).toBeUndefined();
  });

  it('site plan: a place, changes and quick moves queued together are sent in order', async () => {
    const placed = await mutate(envOf(ada), 'site-item.place', {
      eventId,
      kind: 'car',
      label: null,
      x_m: 5,
      y_m: 5,
      width_m: 4.5,
      height_m: 2,
      rotation: 0,
    });
    const id = String((placed.args as { id: string }).id);
    await mutate(envOf(ada), 'site-item.change', { id, changes: { label: 'Van' } });
    await mutate(envOf(ada), 'site-item.change', { id, changes: { assignee_id: bob.userId } });
    for (const y of [5.5, 6, 6.5]) await mutate(envOf(ada), 'site-item.move', { id, to: { x_m: 9, y_m: y } });
    expect(await pushAll(ada)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'sent']);
    await settle(ada);
    expect(await ada.db.siteItems.get(id)).toMatchObject({ label: 'Van', assignee_id: bob.userId, x_m: 9, y_m: 6.5 });
  });

  it('site plan (organizer): an item on a layer and a drawn area round-trip to the other member', async () => {
    const points = [
      { x: -3, y: -2 },
      { x: 3, y: -2 },
      { x: 0.5, y: 2 },
    ];
    const area = String(
      (
        await sendTwice(ada, 'site-item.place', {
          eventId,
          kind: 'shape',
          label: 'Parking',
          layer: 'Vehicles',
          points,
          x_m: 20,
          y_m: 15,
          width_m: 6,
          height_m: 4,
          rotation: 0,
        })
      ).id,
    );
    const tent = String(
      (
        await sendTwice(bob, 'site-item.place', {
          eventId,
          kind: 'tent',
          label: null,
          x_m: 5,
          y_m: 5,
          width_m: 3,
          height_m: 3,
          rotation: 0,
        })
      ).id,
    );
    await sendTwice(bob, 'site-item.change', { id: tent, changes: { layer: 'Tents' } });
    await sendTwice(ada, 'site-item.move', { id: area, to: { x_m: 22, width_m: 12, rotation: 30 } });
    expect(await q(`select layer, points from public.site_items where id = $1`, [area])).toEqual([
      { layer: 'Vehicles', points },
    ]);
    await settle(ada, bob);
    for (const d of [ada, bob]) {
      expect(await d.db.siteItems.get(area)).toMatchObject({
        kind: 'shape',
        layer: 'Vehicles',
        points,
        x_m: 22,
        width_m: 12,
        rotation: 30,
      });
      expect(await d.db.siteItems.get(tent)).toMatchObject({ layer: 'Tents', points: null });
    }
    // Back on the default layer.
    await sendTwice(ada, 'site-item.change', { id: tent, changes: { layer: null } });
    await settle(bob);
    expect(await bob.db.siteItems.get(tent)).toMatchObject({ layer: null });
  });

  it('transport: offer, change, claim, release, cancel', async () => {
    const ride = String(
      (
        await sendTwice(ada, 'ride.create', {
          eventId,
          seats: 1,
          departure_place: 'Bern station',
          departs_at: '2027-07-01T08:30',
          vehicle: 'Blue van',
        })
      ).id,
    );
    expect(await ada.db.rides.get(ride)).toMatchObject({ driver_id: ada.userId, departs_at: '2027-07-01T08:30:00' });
    await sendTwice(ada, 'ride.update', { id: ride, changes: { seats: 2, notes: 'Two backpacks each' } });
    await settle(bob);
    await sendTwice(bob, 'ride.claim', { eventId, rideId: ride });
    expect(await bob.db.ridePassengers.where('ride_id').equals(ride).count()).toBe(1);
    await sendTwice(bob, 'ride.release', { eventId, rideId: ride });
    expect(await bob.db.ridePassengers.where('ride_id').equals(ride).count()).toBe(0);
    await sendTwice(bob, 'ride.claim', { eventId, rideId: ride });
    // The driver takes the passenger off, then cancels the ride.
    await sendTwice(ada, 'ride.release', { eventId, rideId: ride, userId: bob.userId });
    await sendTwice(ada, 'ride.cancel', { id: ride });
    await settle(ada, bob);
    expect(await bob.db.rides.get(ride)).toBeUndefined();
    expect(
      await q(`select count(*)::int as n from public.ride_passengers where ride_id = $1 and deleted_at is null`, [
        ride,
      ]),
    ).toEqual([{ n: 0 }]);
  });
});

describe('premium transport through the sync engine', () => {
  it('a return ride with pick-up points, a chosen stop and a cost split round-trip; replays change nothing more', async () => {
    const stops = [
      { id: randomUUID(), place: 'Thun, Bahnhof', time: '17:30' },
      { id: randomUUID(), place: 'Spiez', time: null },
    ];
    const ride = String(
      (
        await sendTwice(ada, 'ride.create', {
          eventId,
          seats: 3,
          departure_place: 'Gurten',
          departs_at: '2027-07-04T17:00',
          direction: 'return',
          stops,
        })
      ).id,
    );
    expect(await q(`select direction, stops from public.rides where id = $1`, [ride])).toEqual([
      { direction: 'return', stops },
    ]);
    await settle(bob);
    expect(await bob.db.rides.get(ride)).toMatchObject({ direction: 'return', stops, cost_split: null });
    await sendTwice(bob, 'ride.claim', { eventId, rideId: ride });
    await sendTwice(bob, 'ride.pickup', { eventId, rideId: ride, stopId: stops[1].id });
    expect(await bob.db.ridePassengers.get(`${ride}|${bob.userId}`)).toMatchObject({ pickup_stop_id: stops[1].id });
    await settle(ada, bob);
    expect(await ada.db.ridePassengers.get(`${ride}|${bob.userId}`)).toMatchObject({ pickup_stop_id: stops[1].id });

    // Offline, Ada splits the fuel and toll: the expense, then the ride pointing at it, which waits for it.
    const expense = await mutate<{ id: string }>(envOf(ada), 'expense.create', {
      eventId,
      title: 'Fuel and toll: ride back from Gurten',
      amount_minor: 7001,
      spent_on: '2027-07-04',
      paid_by: ada.userId,
      category: 'transport',
      shares: [
        { user_id: ada.userId, share_minor: 3501 },
        { user_id: bob.userId, share_minor: 3500 },
      ],
    });
    const split = { expense_id: expense.args.id, fuel_minor: 5001, toll_minor: 2000 };
    const pointed = await mutate(envOf(ada), 'ride.update', { id: ride, changes: { cost_split: split } });
    const entry = (await ada.db.outbox.where('mutationId').equals(pointed.mutationId).first())!;
    expect(entry.dependsOn).toEqual([expense.mutationId]);
    expect(await ada.db.rides.get(ride)).toMatchObject({ cost_split: split });
    expect(await pushAll(ada)).toEqual(['sent', 'sent']);
    const once = await serverState();
    await ada.registry.get('expense.create').send(ctxOf(ada), expense.args);
    await ada.registry.get('ride.update').send(ctxOf(ada), entry.args);
    expect(await serverState()).toEqual(once);

    // The driver takes Spiez off the ride: Bob gets on at the departure place again, on both devices.
    await sendTwice(ada, 'ride.update', { id: ride, changes: { stops: [stops[0]] } });
    await settle(ada, bob);
    for (const d of [ada, bob]) {
      expect(await d.db.rides.get(ride)).toMatchObject({ direction: 'return', stops: [stops[0]], cost_split: split });
      expect(await d.db.ridePassengers.get(`${ride}|${bob.userId}`)).toMatchObject({ pickup_stop_id: null });
      expect(await d.db.expenses.get(expense.args.id)).toMatchObject({ amount_minor: 7001, paid_by: ada.userId });
    }
    expect(
      await q(`select pickup_stop_id from public.ride_passengers where ride_id = $1 and user_id = $2`, [
        ride,
        bob.userId,
      ]),
    ).toEqual([{ pickup_stop_id: null }]);
  });
});

/** Sends every queued entry of `d` in order; answers what happened to each (in a batch: its sent ones first). */
async function pushAll(d: Device): Promise<string[]> {
  const outcomes: string[] = [];
  for (;;) {
    const result = await pushNext({ db: d.db, registry: d.registry, ctx: ctxOf(d) });
    if (result.type === 'idle') return outcomes;
    // A batch: one outcome per entry.
    if (result.type === 'sent' && result.sent) {
      outcomes.push(...result.sent.map(() => 'sent'), ...(result.rejected ?? []).map(() => 'rejected'));
      continue;
    }
    outcomes.push(result.type);
    if (result.type !== 'sent' && result.type !== 'rejected') throw new Error(`push: ${JSON.stringify(result)}`);
  }
}

const order = async (d: Device, list: string) =>
  sortByPosition(await d.db.checklistItems.where('checklist_id').equals(list).toArray()).map((i) => i.text);

describe('offline work of two members', () => {
  it('converges when both reorder, tick and edit the same list offline', async () => {
    const list = (await mutate<{ id: string }>(envOf(ada), 'checklist.create', { eventId, title: 'Shopping' })).args.id;
    for (const text of ['Bread', 'Cheese', 'Apples', 'Coffee'])
      await mutate(envOf(ada), 'checklist-item.add', { checklistId: list, eventId, text });
    expect(await pushAll(ada)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    await sync(ada);
    await sync(bob);
    const ids = Object.fromEntries(
      (await bob.db.checklistItems.where('checklist_id').equals(list).toArray()).map((i) => [i.text, i.id]),
    );

    // Offline: Ada moves Bread to the end and ticks Cheese; Bob moves Coffee first and renames Cheese.
    const adaRows = await ada.db.checklistItems.where('checklist_id').equals(list).toArray();
    await mutate(envOf(ada), 'checklist-item.move', { checklistId: list, moves: planMove(adaRows, ids.Bread, 3) });
    await mutate(envOf(ada), 'checklist-item.set-done', { id: ids.Cheese, done: true });
    const bobRows = await bob.db.checklistItems.where('checklist_id').equals(list).toArray();
    await mutate(envOf(bob), 'checklist-item.move', { checklistId: list, moves: planMove(bobRows, ids.Coffee, 0) });
    await mutate(envOf(bob), 'checklist-item.update', { id: ids.Cheese, changes: { text: 'Gruyère' } });
    expect(await order(ada, list)).toEqual(['Cheese', 'Apples', 'Coffee', 'Bread']);
    expect(await order(bob, list)).toEqual(['Coffee', 'Bread', 'Gruyère', 'Apples']);

    // Back online, one after the other, then both pull.
    expect(await pushAll(bob)).toEqual(['sent', 'sent']);
    expect(await pushAll(ada)).toEqual(['sent', 'sent']);
    await settle(ada, bob);
    const server = await q(`select text from public.checklist_items where checklist_id = $1 order by position, id`, [
      list,
    ]);
    expect(await order(ada, list)).toEqual(server.map((r) => r.text));
    expect(await order(bob, list)).toEqual(server.map((r) => r.text));
    expect(server.map((r) => r.text)).toEqual(['Coffee', 'Gruyère', 'Apples', 'Bread']);
    for (const d of [ada, bob])
      expect(await d.db.checklistItems.get(ids.Cheese)).toMatchObject({
        text: 'Gruyère',
        done: true,
        done_by: ada.userId,
      });
  });

  it('sends messages written offline in the order they were written', async () => {
    const bodies = ['one', 'two', 'three'];
    for (const body of bodies) await mutate(envOf(bob), 'chat.send', { eventId, body });
    const shown = await bob.db.chatMessages.where('event_id').equals(eventId).toArray();
    const pending = shown.filter((m) => bodies.includes(m.body)).length;
    expect(pending).toBe(3); // shown at once, before anything is sent
    expect(await pushAll(bob)).toEqual(['sent', 'sent', 'sent']);
    const rows = await q(
      `select body from public.chat_messages where event_id = $1 and body = any($2) order by created_at`,
      [eventId, bodies],
    );
    expect(rows.map((r) => r.body)).toEqual(bodies);
    await settle(bob, ada);
    const onAda = await ada.db.chatMessages
      .where('[event_id+created_at]')
      .between([eventId, ''], [eventId, '\uffff'])
      .toArray();
    expect(onAda.map((m) => m.body).filter((b) => bodies.includes(b))).toEqual(bodies);
  });
});

describe('tier gates through the sync engine', () => {
  it('rejects a reply on a free event, rolls it back and keeps the reason, and keeps the message before it', async () => {
    const { data, error } = await bob.client.from('events').insert({ name: 'Free picnic' }).select('id').single();
    if (error) throw error;
    const freeEvent = data.id as string;
    await sync(bob);
    const first = await mutate<{ id: string }>(envOf(bob), 'chat.send', { eventId: freeEvent, body: 'Picnic at noon' });
    const reply = await mutate<{ id: string }>(envOf(bob), 'chat.send', {
      eventId: freeEvent,
      body: 'Bring a blanket',
      replyToId: first.args.id,
    });
    expect(await bob.db.chatMessages.get(reply.args.id)).toBeDefined();
    expect(await pushAll(bob)).toEqual(['sent', 'rejected']);
    expect(await bob.db.chatMessages.get(reply.args.id)).toBeUndefined();
    expect((await bob.db.chatMessages.get(first.args.id))?.body).toBe('Picnic at noon');
    const rejected = await bob.db.outbox.where('mutationId').equals(reply.mutationId).first();
    expect(rejected).toMatchObject({
      status: 'rejected',
      error: { code: 'P0001', message: 'Upgrade to starter to unlock this feature' },
    });
    await bob.db.outbox.delete(rejected!.seq);
  });
});
