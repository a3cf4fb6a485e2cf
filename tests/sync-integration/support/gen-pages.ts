/**
 * Generators of the event-page kinds of chat, checklists, templates and schedule. An actor writes in
 * their own events and in shared events they belong to, and changes only rows they made.
 */
import { planMove } from '../../../src/sync/ordering.ts';
import { addRow, choose, ownRows, writableEvents, type Model, type ModelEvent } from './reference-model.ts';
import type { GeneratorTable } from './generator-types.ts';
import { TINY_PNG } from '../../support/images.ts';

const ownEvents = (m: Model, actor: string) => m.events.filter((e) => e.creator === actor && e.status === 'active');

/** Copies of the items a list or template snapshot carried (the server makes one row per item). */
function addCopies(
  m: Model,
  event: ModelEvent,
  listId: string,
  prepared: Record<string, unknown>,
  owner: 'A' | 'B' | 'C',
) {
  const items = (prepared.items as unknown[] | undefined) ?? [];
  for (const [i] of items.entries())
    addRow(m, { table: 'checklist_items', id: `${listId}#${i}`, owner, event, parent: listId, state: { copy: true } });
}

export const pageGenerators = {
  'chat.send': ({ model, actor, n, step }) => {
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    const replyTo =
      n % 4 === 0
        ? choose(
            model.rows.filter((r) => r.table === 'chat_messages' && r.event === event && r.alive && r.owner === actor),
            n,
          )
        : null;
    return {
      kind: 'chat.send',
      args: { eventId: event.localId, body: `message ${step}`, replyToId: replyTo?.id ?? null },
      apply: (m, p) => void addRow(m, { table: 'chat_messages', id: String(p.id), owner: actor, event }),
    };
  },
  'chat.send-photo': ({ model, actor, n, step }) => {
    // Also in an event made on the device and not sent yet: the photo's path starts with its id.
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    return {
      kind: 'chat.send-photo',
      args: {
        eventId: event.localId,
        caption: n % 2 ? `photo ${step}` : '',
        bytes: TINY_PNG,
        contentType: 'image/png',
      },
      apply: (m, p) => void addRow(m, { table: 'chat_messages', id: String(p.id), owner: actor, event }),
    };
  },
  'chat.edit': ({ model, actor, n, step }) => {
    const row = choose(ownRows(model, actor, 'chat_messages'), n);
    if (!row) return null;
    return { kind: 'chat.edit', args: { id: row.id, body: `edited ${step}` }, apply: () => {} };
  },
  'chat.delete': ({ model, actor, n }) => {
    const row = choose(ownRows(model, actor, 'chat_messages'), n);
    if (!row) return null;
    return { kind: 'chat.delete', args: { id: row.id }, apply: () => void (row.alive = false) };
  },
  'chat.react': ({ model, actor, n }) => {
    const events = new Set(writableEvents(model, actor));
    // Any live message of an event the actor is in: the setup's message in the shared event too.
    const row = choose(
      model.rows.filter(
        (r) =>
          r.table === 'chat_messages' && r.alive && events.has(r.event!) && (r.owner === actor || r.owner === 'setup'),
      ),
      n,
    );
    if (!row) return null;
    const emoji = ['🔥', '👍'][n % 2];
    return {
      kind: 'chat.react',
      args: { eventId: row.event!.localId, messageId: row.id, emoji, on: n % 3 !== 0 },
      apply: () => {},
    };
  },
  'chat.mark-read': ({ model, actor, n }) => {
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    return {
      kind: 'chat.mark-read',
      args: { eventId: event.localId, readAt: new Date().toISOString(), messageId: null },
      apply: () => {},
    };
  },
  'chat.import-whatsapp': ({ model, actor, n, step }) => {
    const event = choose(ownEvents(model, actor), n);
    if (!event || step % 3 !== 0) return null;
    const messages = [
      { sent_at: '2027-06-01T18:02:00Z', sender_name: 'Carla', body: `imported ${step}`, occurrence: 0 },
      { sent_at: '2027-06-01T18:03:00Z', sender_name: 'Dino', body: `ok ${step}`, occurrence: 0 },
    ];
    return {
      kind: 'chat.import-whatsapp',
      args: { eventId: event.localId, batchId: crypto.randomUUID(), messages },
      apply: (m) => void m.imported.set(event, (m.imported.get(event) ?? 0) + messages.length),
    };
  },
  'checklist.create': ({ model, actor, n, step }) => {
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    return {
      kind: 'checklist.create',
      args: { eventId: event.localId, title: `list ${step}`, kind: n % 2 ? 'packing' : 'todo' },
      apply: (m, p) => void addRow(m, { table: 'checklists', id: String(p.id), owner: actor, event }),
    };
  },
  'checklist.update': ({ model, actor, n, step }) => {
    const row = choose(ownRows(model, actor, 'checklists'), n);
    if (!row) return null;
    return {
      kind: 'checklist.update',
      args: { id: row.id, changes: { title: `list renamed ${step}` } },
      apply: () => {},
    };
  },
  'checklist.delete': ({ model, actor, n, step }) => {
    const row = choose(ownRows(model, actor, 'checklists'), n);
    if (!row || step % 2 !== 0) return null;
    return {
      kind: 'checklist.delete',
      args: { id: row.id },
      apply: (m) => {
        row.alive = false;
        for (const item of m.rows) if (item.parent === row.id) item.alive = false;
      },
    };
  },
  'checklist.clone': ({ model, actor, n }) => {
    const row = choose(ownRows(model, actor, 'checklists'), n);
    if (!row) return null;
    return {
      kind: 'checklist.clone',
      args: { sourceId: row.id },
      apply: (m, p) => {
        addRow(m, { table: 'checklists', id: String(p.id), owner: actor, event: row.event, state: { clone: true } });
        addCopies(m, row.event!, String(p.id), p, actor);
      },
    };
  },
  'checklist-item.add': ({ model, actor, n, step }) => {
    const list = choose(ownRows(model, actor, 'checklists'), n);
    if (!list) return null;
    return {
      kind: 'checklist-item.add',
      args: { checklistId: list.id, eventId: list.event!.localId, text: `item ${step}` },
      apply: (m, p) =>
        void addRow(m, {
          table: 'checklist_items',
          id: String(p.id),
          owner: actor,
          event: list.event,
          parent: list.id,
        }),
    };
  },
  'checklist-item.update': ({ model, actor, n }) => {
    const item = choose(
      ownRows(model, actor, 'checklist_items').filter((r) => !r.state.copy),
      n,
    );
    if (!item) return null;
    return {
      kind: 'checklist-item.update',
      args: { id: item.id, changes: { quantity: 1 + (n % 5) } },
      apply: () => {},
    };
  },
  'checklist-item.set-done': ({ model, actor, n }) => {
    const item = choose(
      ownRows(model, actor, 'checklist_items').filter((r) => !r.state.copy),
      n,
    );
    if (!item) return null;
    return { kind: 'checklist-item.set-done', args: { id: item.id, done: n % 2 === 0 }, apply: () => {} };
  },
  'checklist-item.move': async ({ model, actor, n, db }) => {
    const item = choose(
      ownRows(model, actor, 'checklist_items').filter((r) => !r.state.copy),
      n,
    );
    if (!item) return null;
    const rows = await db.checklistItems.where('checklist_id').equals(item.parent!).toArray();
    const moves = planMove(rows, item.id, n % (rows.length + 1));
    if (!moves.length) return null;
    return { kind: 'checklist-item.move', args: { checklistId: item.parent!, moves }, apply: () => {} };
  },
  'checklist-item.delete': ({ model, actor, n }) => {
    const item = choose(
      ownRows(model, actor, 'checklist_items').filter((r) => !r.state.copy),
      n,
    );
    if (!item) return null;
    return { kind: 'checklist-item.delete', args: { id: item.id }, apply: () => void (item.alive = false) };
  },
  'checklist-template.save': ({ model, actor, n }) => {
    const list = choose(ownRows(model, actor, 'checklists'), n);
    if (!list) return null;
    return {
      kind: 'checklist-template.save',
      args: { checklistId: list.id },
      apply: (m, p) => void addRow(m, { table: 'checklist_templates', id: String(p.id), owner: actor, event: null }),
    };
  },
  'checklist-template.use': ({ model, actor, n }) => {
    const template = choose(ownRows(model, actor, 'checklist_templates'), n);
    const event = choose(writableEvents(model, actor), n);
    if (!template || !event) return null;
    return {
      kind: 'checklist-template.use',
      args: { eventId: event.localId, templateId: template.id },
      apply: (m, p) => {
        addRow(m, { table: 'checklists', id: String(p.id), owner: actor, event, state: { clone: true } });
        addCopies(m, event, String(p.id), p, actor);
      },
    };
  },
  'checklist-template.duplicate': ({ model, actor, n }) => {
    const template = choose(ownRows(model, actor, 'checklist_templates'), n);
    if (!template) return null;
    return {
      kind: 'checklist-template.duplicate',
      args: { templateId: template.id },
      apply: (m, p) => void addRow(m, { table: 'checklist_templates', id: String(p.id), owner: actor, event: null }),
    };
  },
  'checklist-template.delete': ({ model, actor, n }) => {
    const template = choose(ownRows(model, actor, 'checklist_templates'), n);
    if (!template) return null;
    return { kind: 'checklist-template.delete', args: { id: template.id }, apply: () => void (template.alive = false) };
  },
  'schedule.create': ({ model, actor, n, step }) => {
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    const hour = String(6 + (n % 12)).padStart(2, '0');
    return {
      kind: 'schedule.create',
      args: {
        eventId: event.localId,
        title: `plan ${step}`,
        starts_at: `2027-07-02T${hour}:00`,
        ends_at: `2027-07-02T${hour}:30`,
      },
      apply: (m, p) => void addRow(m, { table: 'schedule_items', id: String(p.id), owner: actor, event }),
    };
  },
  'schedule.update': ({ model, actor, n, step }) => {
    const row = choose(ownRows(model, actor, 'schedule_items'), n);
    if (!row) return null;
    return {
      kind: 'schedule.update',
      args: { id: row.id, changes: { location: `spot ${step}`, notes: null } },
      apply: () => {},
    };
  },
  'schedule.delete': ({ model, actor, n }) => {
    const row = choose(ownRows(model, actor, 'schedule_items'), n);
    if (!row) return null;
    return { kind: 'schedule.delete', args: { id: row.id }, apply: () => void (row.alive = false) };
  },
  'schedule.assign': ({ model, actor, n }) => {
    const row = choose(ownRows(model, actor, 'schedule_items'), n);
    if (!row) return null;
    // The actor assigns themselves (a member of the event for sure) on and off.
    const assigned = !row.state.assigned;
    return {
      kind: 'schedule.assign',
      args: { eventId: row.event!.localId, itemId: row.id, userId: model.userIds[actor], assigned },
      apply: () => void (row.state.assigned = assigned),
    };
  },
} satisfies Partial<GeneratorTable>;
