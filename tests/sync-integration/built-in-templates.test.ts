/**
 * The built-in checklist templates (festival, camping, road trip) on every tier: a free event's
 * member starts each one, and the server holds the list with every item, in the template's order.
 * (The user's own templates stay starter's: the database refuses them on a free plan.)
 */
import 'fake-indexeddb/auto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, builtInTemplateChanges } from '../../src/features/checklists/built-in-templates.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { device, newUser, type Device } from './support/device.ts';

let backend: TestBackend;
let fay: Device;

beforeAll(async () => {
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve(import.meta.dirname, '../../supabase/functions'),
  });
  fay = await device(backend, await newUser(backend, 'fay', 'free'));
  await fay.start();
});

afterAll(async () => {
  await fay?.stop();
  fay?.db.close();
  await backend?.stop();
});

it('starts a list from each built-in template on a free event', async () => {
  const created = await fay.engine!.mutate<{ id: string }>('event.create', { name: 'Free festival' });
  await fay.engine!.whenIdle();
  const [event] = await fay.db.events.filter((e) => e.client_ref?.startsWith(`${created.args.id}.`) ?? false).toArray();
  expect(event.access_tier).toBe('free');

  expect(BUILT_IN_TEMPLATES.map((t) => t.id)).toEqual(['festival', 'camping', 'road-trip']);
  for (const template of BUILT_IN_TEMPLATES) {
    const { list, items } = builtInTemplateChanges(template, event.id);
    await fay.engine!.mutate('checklist.create', list);
    for (const item of items) await fay.engine!.mutate('checklist-item.add', item);
  }
  await fay.engine!.whenIdle();
  expect(await fay.db.outbox.where('status').equals('rejected').count()).toBe(0);

  const { rows: lists } = await backend.db.query<{ id: string; title: string; kind: string }>(
    `select id, title, kind from public.checklists where event_id = $1 and deleted_at is null order by position`,
    [event.id],
  );
  expect(lists.map((l) => [l.title, l.kind])).toEqual(BUILT_IN_TEMPLATES.map((t) => [t.title, t.kind]));
  for (const [i, template] of BUILT_IN_TEMPLATES.entries()) {
    const { rows } = await backend.db.query<{ text: string; quantity: number }>(
      `select text, quantity from public.checklist_items where checklist_id = $1 order by position`,
      [lists[i].id],
    );
    expect(rows.map((r) => ({ text: r.text, quantity: Number(r.quantity) }))).toEqual(template.items);
  }

  // The user's own templates are not free: the database refuses saving one.
  const own = await fay.client.rpc('save_checklist_template', {
    p_checklist_id: lists[0].id,
    p_template_id: crypto.randomUUID(),
    p_title: null,
  });
  expect(JSON.stringify(own.error ?? own.data)).toMatch(/Upgrade to starter/i);
}, 120_000);
