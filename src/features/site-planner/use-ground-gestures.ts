/**
 * Fingers (or the mouse) on the plan's ground, not on an item: a tap lets the selected item go,
 * one finger pans a zoomed plan, two pinch to zoom about the point between them.
 */
import { useRef, type PointerEvent, type RefObject } from 'react';
import { distance, MIN_ZOOM, type Point } from './site-plan-helpers.ts';
import type { PlanViewport } from './use-plan-viewport.ts';

type GroundEvent = PointerEvent<SVGSVGElement>;

const isGround = (e: GroundEvent) =>
  e.target === e.currentTarget || Boolean((e.target as Element).getAttribute('data-ground'));

interface GroundOptions {
  scrollerRef: RefObject<HTMLDivElement | null>;
  zoom: number;
  zoomAround: PlanViewport['zoomAround'];
  /** A tap on the ground (lets the selected item go). */
  onTap(): void;
}

export function useGroundGestures({ scrollerRef, zoom, zoomAround, onTap }: GroundOptions) {
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ startDistance: number; startZoom: number } | null>(null);
  const pan = useRef<{ pointerId: number; x: number; y: number; left: number; top: number } | null>(null);

  const onPointerDown = (e: GroundEvent) => {
    if (!isGround(e)) return;
    onTap();
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const fingers = [...pointers.current.values()];
    const box = scrollerRef.current;
    if (fingers.length === 2) {
      pan.current = null;
      pinch.current = { startDistance: Math.max(1, distance(fingers[0], fingers[1])), startZoom: zoom };
    } else if (fingers.length === 1 && zoom > MIN_ZOOM && box) {
      pan.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, left: box.scrollLeft, top: box.scrollTop };
    }
  };

  const onPointerMove = (e: GroundEvent) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const fingers = [...pointers.current.values()];
    const box = scrollerRef.current;
    if (pinch.current && fingers.length >= 2) {
      const { startDistance, startZoom } = pinch.current;
      const ratio = distance(fingers[0], fingers[1]) / startDistance;
      const mid = { x: (fingers[0].x + fingers[1].x) / 2, y: (fingers[0].y + fingers[1].y) / 2 };
      zoomAround(() => startZoom * ratio, mid);
    } else if (pan.current?.pointerId === e.pointerId && box) {
      box.scrollLeft = pan.current.left - (e.clientX - pan.current.x);
      box.scrollTop = pan.current.top - (e.clientY - pan.current.y);
    }
  };

  const onPointerUp = (e: GroundEvent) => {
    if (!pointers.current.delete(e.pointerId)) return;
    if (pointers.current.size < 2) pinch.current = null;
    if (pan.current?.pointerId === e.pointerId) pan.current = null;
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}
