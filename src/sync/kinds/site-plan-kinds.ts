/**
 * Mutation kinds of the site planner: the plan's size (managers; an upsert of the one row per
 * event), placing an item (the device gives it its id), moving it (position, size and rotation with
 * the time the member moved it: the database keeps the later move), changing its label or assignee,
 * and removing it (a tombstone).
 */
import { z } from 'zod';
import type { MutationKind } from '../kind-registry.ts';
import { siteItemsSource, sitePlansSource } from '../pull-sources.ts';
import { expectData } from './backend-calls.ts';
import { insertOnce, softDelete, updateOne } from './rest-writes.ts';

const eventRef = (id: string) => `event:${id}`;
const itemRef = (id: string) => `site-item:${id}`;

export const SITE_ITEM_KINDS = [
  'tent',
  'car',
  'gazebo',
  'kitchen',
  'fire',
  'toilets',
  'stage',
  'label',
  'shape',
] as const;

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
type SizeArgs = z.infer<typeof sizeArgs>;

export const setPlanSize: MutationKind<SizeArgs> = {
  name: 'site-plan.set-size',
  args: sizeArgs,
  prepare: (args, ctx) => ({ ...args, at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId)],
  async applyLocal(w, args) {
    await w.put('sitePlans', {
      key: args.eventId,
      event_id: args.eventId,
      width_m: args.width_m,
      height_m: args.height_m,
      updated_at: args.at!,
    });
  },
  async send({ client }, args) {
    const rows = expectData(
      await client
        .from('site_plans')
        .upsert({ event_id: args.eventId, width_m: args.width_m, height_m: args.height_m }, { onConflict: 'event_id' })
        .select(sitePlansSource.select),
    ) as unknown as Record<string, unknown>[];
    return rows[0] ?? null;
  },
  async reconcile(w, args, result) {
    if (!result) return;
    const { row } = sitePlansSource.toRow(result as Record<string, unknown>, w.userId);
    await w.storeServer('sitePlans', args.eventId, row);
  },
};

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
type PlaceArgs = z.infer<typeof placeArgs>;

export const placeItem: MutationKind<PlaceArgs> = {
  name: 'site-item.place',
  args: placeArgs,
  prepare: (args, ctx) => ({ ...args, id: args.id ?? crypto.randomUUID(), at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId)],
  creates: (args) => [itemRef(args.id!)],
  async applyLocal(w, args) {
    const existing = await w.get('siteItems', args.id!);
    await w.put('siteItems', {
      key: args.id!,
      id: args.id!,
      event_id: args.eventId,
      kind: args.kind,
      label: args.label,
      x_m: args.x_m,
      y_m: args.y_m,
      width_m: args.width_m,
      height_m: args.height_m,
      rotation: args.rotation,
      assignee_id: existing?.assignee_id ?? null,
      layer: args.layer ?? null,
      points: args.points ?? null,
      moved_at: existing?.moved_at ?? args.at!,
      created_by: existing?.created_by ?? w.userId,
      created_at: existing?.created_at ?? args.at!,
      updated_at: existing?.updated_at ?? args.at!,
    });
  },
  send: ({ client }, args) =>
    insertOnce(
      client,
      'site_items',
      {
        id: args.id,
        event_id: args.eventId,
        kind: args.kind,
        label: args.label,
        x_m: args.x_m,
        y_m: args.y_m,
        width_m: args.width_m,
        height_m: args.height_m,
        rotation: args.rotation,
        // Only when set: a starter event's items never send the premium columns.
        ...(args.layer ? { layer: args.layer } : {}),
        ...(args.points ? { points: args.points } : {}),
        moved_at: args.at,
      },
      siteItemsSource.select,
    ),
  async reconcile(w, args, result) {
    const { row } = siteItemsSource.toRow(result as Record<string, unknown>, w.userId);
    await w.storeServer('siteItems', args.id!, row);
  },
};

const moveArgs = z.object({ id: z.string(), to: placement.partial(), at: z.string().optional() });
type MoveArgs = z.infer<typeof moveArgs>;

export const moveItem: MutationKind<MoveArgs> = {
  name: 'site-item.move',
  args: moveArgs,
  prepare: (args, ctx) => ({ ...args, at: args.at ?? new Date(ctx.now).toISOString() }),
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    const current = await w.get('siteItems', args.id);
    // The device follows the same rule as the server: an older move does not undo a newer one.
    if (current && current.moved_at > args.at!) return;
    await w.update('siteItems', args.id, { ...args.to, moved_at: args.at! });
  },
  send: ({ client }, args) =>
    updateOne(
      client,
      'site_items',
      args.id,
      { ...args.to, moved_at: args.at },
      'This item is no longer on the plan, or you cannot move it',
    ),
};

const changeArgs = z.object({
  id: z.string(),
  changes: z
    .object({ label: z.string().trim().max(80).nullable(), assignee_id: z.string().nullable(), layer: layerName })
    .partial()
    .refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
});
type ChangeArgs = z.infer<typeof changeArgs>;

export const changeItem: MutationKind<ChangeArgs> = {
  name: 'site-item.change',
  args: changeArgs,
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    await w.update('siteItems', args.id, args.changes);
  },
  send: ({ client }, args) =>
    updateOne(
      client,
      'site_items',
      args.id,
      args.changes,
      'This item is no longer on the plan, or you cannot change it',
    ),
};

const idArgs = z.object({ id: z.string() });
type IdArgs = z.infer<typeof idArgs>;

export const removeItem: MutationKind<IdArgs> = {
  name: 'site-item.remove',
  args: idArgs,
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    await w.delete('siteItems', args.id);
  },
  send: ({ client }, args) =>
    softDelete(client, 'site_items', args.id, 'This item is no longer on the plan, or you cannot remove it'),
};

export const sitePlanKinds = [setPlanSize, placeItem, moveItem, changeItem, removeItem];
