/**
 * Mutation kinds of the site planner: the plan's size (managers; an upsert of the one row per
 * event), placing an item (the device gives it its id), moving it (position, size and rotation with
 * the time the member moved it: the database keeps the later move), changing its label or assignee,
 * and removing it (a tombstone).
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { siteItemsSource, sitePlansSource } from './site-plan-sources.ts';

const eventRef = kit.refTo('event');
const itemRef = kit.refTo('site-item');

const SITE_ITEM_KINDS = ['tent', 'car', 'gazebo', 'kitchen', 'fire', 'toilets', 'stage', 'label', 'shape'] as const;

/** A layer's name (premium); null is the default layer. */
const layerName = z.string().trim().min(1).max(40, 'A layer name is at most 40 characters').nullable();
/** A custom shape's corners (premium), in metres relative to the item's centre. */
const shapePoints = z
  .array(z.object({ x: z.number().min(-200).max(200), y: z.number().min(-200).max(200) }))
  .min(3, 'A shape has at least 3 points')
  .max(100, 'A shape has at most 100 points');

const metres = z.number().min(-1000).max(2000);
const size = z.number().min(0.5, 'An item is at least 0.5 m').max(200, 'An item is at most 200 m');
const placement = z.object({
  x_m: metres,
  y_m: metres,
  width_m: size,
  height_m: size,
  rotation: z.number().int().min(0).max(359),
});

const sizeArgs = z.object({
  eventId: z.string(),
  width_m: z.number().int().min(5, 'A plan is at least 5 m').max(1000, 'A plan is at most 1000 m'),
  height_m: z.number().int().min(5, 'A plan is at least 5 m').max(1000, 'A plan is at most 1000 m'),
  at: z.string().optional(),
});

const setPlanSize = kit.defineKind({
  name: 'site-plan.set-size',
  args: sizeArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [eventRef(args.eventId)],
  async applyLocal(w, args) {
    const { eventId, width_m, height_m } = args;
    await w.put('sitePlans', { key: eventId, event_id: eventId, width_m, height_m, updated_at: args.at });
  },
  send: ({ client }, args) =>
    kit.upsertRow(
      client,
      sitePlansSource,
      { event_id: args.eventId, width_m: args.width_m, height_m: args.height_m },
      'event_id',
    ),
  async reconcile(w, args, answer) {
    if (answer) await kit.storeAnswer(sitePlansSource)(w, args, answer);
  },
  describe: (args, ctx) => `Resize the site plan${kit.inEvent(ctx, 'of', args.eventId)}`,
});

const placeArgs = placement
  .extend({
    eventId: z.string(),
    id: z.string().optional(),
    kind: z.enum(SITE_ITEM_KINDS),
    label: z.string().trim().max(80).nullable(),
    layer: layerName.optional(),
    points: shapePoints.optional(),
    at: z.string().optional(),
  })
  .refine((a) => (a.kind === 'shape') === (a.points !== undefined), 'Only a shape has points, and it needs them');

const placeItem = kit.createRowKind('site-item.place', siteItemsSource, itemRef, {
  args: placeArgs,
  needs: (args) => [eventRef(args.eventId)],
  row: (args, existing, userId) => ({
    key: args.id,
    ...placed(args),
    assignee_id: existing?.assignee_id ?? null,
    layer: args.layer ?? null,
    points: args.points ?? null,
    moved_at: existing?.moved_at ?? args.at,
    updated_by: existing?.updated_by ?? userId,
    ...kit.madeBy(existing, userId, args.at),
  }),
  insert: (args) => ({
    ...placed(args),
    // Only when set: a starter event's items never send the premium columns.
    ...(args.layer ? { layer: args.layer } : {}),
    ...(args.points ? { points: args.points } : {}),
    moved_at: args.at,
  }),
  describe: (args, ctx) => `Place a ${args.kind} on the site plan${kit.inEvent(ctx, 'of', args.eventId)}`,
});

/** The columns of a placed item every tier has. */
function placed(args: z.output<typeof placeArgs> & { id: string }) {
  const { id, eventId, kind, label, x_m, y_m, width_m, height_m, rotation } = args;
  return { id, event_id: eventId, kind, label, x_m, y_m, width_m, height_m, rotation };
}

// `by`: the mover, shown at once as who moved it last (the server sets its own from the caller).
const moveArgs = z.object({
  id: z.string(),
  to: placement.partial(),
  at: z.string().optional(),
  by: z.string().optional(),
});

const moveItem = kit.defineKind({
  name: 'site-item.move',
  args: moveArgs,
  prepare: (args, ctx) => ({ ...args, at: args.at ?? new Date(ctx.now).toISOString(), by: args.by ?? ctx.userId }),
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    const current = await w.get('siteItems', args.id);
    // The device follows the same rule as the server: an older move does not undo a newer one.
    if (current && current.moved_at > args.at) return;
    await w.update('siteItems', args.id, {
      ...args.to,
      moved_at: args.at,
      ...(args.by ? { updated_by: args.by } : {}),
    });
  },
  send: ({ client }, args) =>
    kit.updateOne(
      client,
      'site_items',
      args.id,
      { ...args.to, moved_at: args.at },
      'This item is no longer on the plan, or you cannot move it',
    ),
  describe: () => 'Move an item on the site plan',
});

/** A site plan item's field groups under the one conflict rule (the database's trigger names the same). */
export const SITE_ITEM_EDIT_GROUPS: kit.EditGroups = {
  label: { fields: ['label'], label: 'label' },
  assignee: { fields: ['assignee_id'], label: 'assignee' },
  layer: { fields: ['layer'], label: 'layer' },
};

const changeItem = kit.editRowKind('site-item.change', siteItemsSource, itemRef, {
  changes: z
    .object({ label: z.string().trim().max(80).nullable(), assignee_id: z.string().nullable(), layer: layerName })
    .partial(),
  groups: SITE_ITEM_EDIT_GROUPS,
  missing: 'This item is no longer on the plan, or you cannot change it',
  describe: () => 'Change an item on the site plan',
});

const removeItem = kit.deleteRowKind('site-item.remove', siteItemsSource, itemRef, {
  missing: 'This item is no longer on the plan, or you cannot remove it',
  describe: 'Remove an item from the site plan',
});

export const sitePlanKinds = [setPlanSize, placeItem, moveItem, changeItem, removeItem] as const;
