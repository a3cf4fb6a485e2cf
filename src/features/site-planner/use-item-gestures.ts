/**
 * Moving the plan's items: a finger or the mouse drags an item, the selected item's corner handle
 * resizes it and its round handle turns it, and the keys move, resize and turn the focused item.
 * While a finger is down the item is drawn where the finger has it; lifting it sends one change
 * with only the fields that changed. Changes sent but not yet back from the device database are
 * kept here, so quick key presses build on each other instead of on the stored place.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent, type SVGProps } from 'react';
import type { SiteItemRow } from './sync/site-plan-rows.ts';
import { mutate } from '../../data/index.ts';
import { resizeFromCorner, rotatePoint, rotationTowards, type Placement, type Point } from './site-plan-helpers.ts';
import {
  changedPlacement,
  dragTarget,
  keyCommand,
  PLACEMENT_FIELDS,
  placementOf,
  type PlanSize,
} from './site-plan-rules.ts';
import type { PlanViewport } from './use-plan-viewport.ts';

export type HandleEvents = Pick<
  SVGProps<SVGGElement>,
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel'
>;

/** An item held down: where it was, where the finger started, where the item is now. */
interface Drag {
  id: string;
  pointerId: number;
  start: Point;
  from: Point;
  at: Point;
}

/** A resize or rotate handle held down: the item as it was, and as it would be now. */
interface Gesture {
  id: string;
  mode: 'resize' | 'rotate';
  pointerId: number;
  base: Placement;
  preview: Placement;
  /** How far from the item's corner the finger took the resize handle (it sits just outside). */
  grab: Point;
}

export function useItemGestures(view: PlanViewport, plan: PlanSize, select: (id: string | null) => void) {
  const { toPlan } = view;
  const pending = useRef(new Map<string, Placement>());
  // Where the pointer last moved: a gesture ends there, as the last move may not be drawn yet.
  const lastPointer = useRef<Point>({ x: 0, y: 0 });
  const [drag, setDrag] = useState<Drag | null>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);

  /** Where an item is, counting this device's moves that the database has not shown yet. */
  const current = (item: SiteItemRow): Placement => {
    const mine = pending.current.get(item.id);
    if (mine && PLACEMENT_FIELDS.every((f) => mine[f] === item[f])) pending.current.delete(item.id);
    return mine ?? placementOf(item);
  };

  const move = (item: SiteItemRow, to: Partial<Placement>) => {
    pending.current.set(item.id, { ...current(item), ...to });
    void mutate('site-item.move', { id: item.id, to });
  };

  /** Where an item is drawn: mid-gesture or mid-drag as the finger has it, else as stored. */
  const shownPlacement = (item: SiteItemRow): Placement => {
    if (gesture?.id === item.id) return gesture.preview;
    if (drag?.id === item.id) return { ...placementOf(item), x_m: drag.at.x, y_m: drag.at.y };
    return placementOf(item);
  };

  const track = (e: PointerEvent) => {
    lastPointer.current = { x: e.clientX, y: e.clientY };
  };

  const itemEvents = (item: SiteItemRow): HandleEvents & { onKeyDown(e: KeyboardEvent<SVGGElement>): void } => ({
    onPointerDown: (e) => {
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      track(e);
      select(item.id);
      const from = { x: item.x_m, y: item.y_m };
      setDrag({ id: item.id, pointerId: e.pointerId, start: toPlan(e.clientX, e.clientY), from, at: from });
    },
    onPointerMove: (e) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      track(e);
      const at = toPlan(e.clientX, e.clientY);
      setDrag({ ...drag, at: { x: drag.from.x + at.x - drag.start.x, y: drag.from.y + at.y - drag.start.y } });
    },
    onPointerUp: (e) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      const at = toPlan(lastPointer.current.x, lastPointer.current.y);
      const to = dragTarget(drag.from, { x: at.x - drag.start.x, y: at.y - drag.start.y }, plan);
      setDrag(null);
      if (to.x !== item.x_m || to.y !== item.y_m) move(item, { x_m: to.x, y_m: to.y });
    },
    onPointerCancel: () => setDrag(null),
    onKeyDown: (e) => {
      const command = keyCommand(e.key, e, current(item), plan);
      if (!command) return;
      if ('deselect' in command) return select(null);
      e.preventDefault();
      if ('select' in command) select(item.id);
      else if (Object.keys(command.move).length) move(item, command.move);
    },
  });

  /** The item as the handle held at the pointer makes it. */
  const previewAt = (g: Gesture, clientX: number, clientY: number): Placement => {
    const at = toPlan(clientX, clientY);
    return g.mode === 'resize'
      ? resizeFromCorner(g.base, { x: at.x - g.grab.x, y: at.y - g.grab.y })
      : { ...g.base, rotation: rotationTowards({ x: g.base.x_m, y: g.base.y_m }, at) };
  };

  const handleEvents = (item: SiteItemRow, mode: Gesture['mode']): HandleEvents => ({
    onPointerDown: (e) => {
      e.preventDefault();
      e.stopPropagation();
      e.currentTarget.setPointerCapture(e.pointerId);
      track(e);
      const base = current(item);
      const at = toPlan(e.clientX, e.clientY);
      const corner = rotatePoint({ x: base.width_m / 2, y: base.height_m / 2 }, base.rotation);
      const grab = { x: at.x - base.x_m - corner.x, y: at.y - base.y_m - corner.y };
      select(item.id);
      setGesture({ id: item.id, mode, pointerId: e.pointerId, base, preview: base, grab });
    },
    onPointerMove: (e) => {
      if (!gesture || e.pointerId !== gesture.pointerId) return;
      track(e);
      setGesture({ ...gesture, preview: previewAt(gesture, e.clientX, e.clientY) });
    },
    // The gesture's end sends one change: what differs from where the item was.
    onPointerUp: (e) => {
      if (!gesture || e.pointerId !== gesture.pointerId) return;
      const changed = changedPlacement(gesture.base, previewAt(gesture, lastPointer.current.x, lastPointer.current.y));
      setGesture(null);
      if (Object.keys(changed).length) move(item, changed);
    },
    onPointerCancel: () => setGesture(null),
  });

  return { move, shownPlacement, itemEvents, handleEvents, draggingId: drag?.id ?? null };
}
