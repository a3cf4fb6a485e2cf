/**
 * The site plan's view: the zoom, the scrolling box around the plan and the plan's own units.
 * Screen points become plan metres through the SVG's screen matrix. A zoom keeps the plan point
 * under the pointer (or between the fingers) where it was, once the new size has been laid out.
 * Ctrl+wheel, and a trackpad pinch (which browsers send as ctrl+wheel), zooms the plan, not the page.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { clampZoom, type Point } from './site-plan-helpers.ts';

const ZOOM_STEP = 1.5;

export interface PlanViewport {
  svgRef: RefObject<SVGSVGElement | null>;
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** The ref callback of the scrolling box. */
  attachScroller(el: HTMLDivElement | null): void;
  zoom: number;
  /** The zoom buttons: one step in (1) or out (-1). */
  zoomStep(direction: 1 | -1): void;
  /** Zooms to `next(zoom)` (clamped), keeping the plan point under `client` in place. */
  zoomAround(next: (zoom: number) => number, client: Point): void;
  /** The plan point (metres) under a screen point. */
  toPlan(clientX: number, clientY: number): Point;
  /** The scrolling box's width in pixels (0 until it is laid out): handles keep a finger's size. */
  viewWidth: number;
  /** The plan point (metres) at the middle of what is on screen: where a new item goes. */
  visibleCentre(): Point;
  /** Zooms so the plan fills the box's height too (a tall phone screen), keeping the middle in view. */
  fillHeight(plan: { width_m: number; height_m: number }): void;
}

export function usePlanViewport(): PlanViewport {
  const svgRef = useRef<SVGSVGElement>(null);
  const [zoom, setZoom] = useState(1);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const [viewWidth, setViewWidth] = useState(0);
  // The plan point to keep under the same screen point once a zoom has been laid out.
  const zoomAnchor = useRef<{ plan: Point; client: Point } | null>(null);

  const attachScroller = useCallback((el: HTMLDivElement | null) => {
    scrollerRef.current = el;
    setScroller(el);
  }, []);

  const toPlan = useCallback((clientX: number, clientY: number) => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM()?.inverse();
    if (!svg || !matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix);
    return { x: point.x, y: point.y };
  }, []);

  const zoomAround = useCallback(
    (next: (zoom: number) => number, client: Point) => {
      zoomAnchor.current = { plan: toPlan(client.x, client.y), client };
      setZoom((z) => clampZoom(next(z)));
    },
    [toPlan],
  );
  const zoomStep = useCallback(
    (direction: 1 | -1) => setZoom((z) => clampZoom(direction > 0 ? z * ZOOM_STEP : z / ZOOM_STEP)),
    [],
  );

  useLayoutEffect(() => {
    const anchor = zoomAnchor.current;
    const matrix = svgRef.current?.getScreenCTM();
    const box = scrollerRef.current;
    zoomAnchor.current = null;
    if (!anchor || !matrix || !box) return;
    const now = new DOMPoint(anchor.plan.x, anchor.plan.y).matrixTransform(matrix);
    box.scrollLeft += now.x - anchor.client.x;
    box.scrollTop += now.y - anchor.client.y;
  }, [zoom]);

  useEffect(() => {
    if (!scroller) return;
    const observer = new ResizeObserver(() => setViewWidth(scroller.clientWidth));
    observer.observe(scroller);
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      zoomAround((z) => z * Math.exp(-e.deltaY / 200), { x: e.clientX, y: e.clientY });
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('wheel', onWheel);
    };
  }, [scroller, zoomAround]);

  const visibleCentre = useCallback(() => {
    const box = scrollerRef.current?.getBoundingClientRect();
    const svg = svgRef.current?.getBoundingClientRect();
    if (!box || !svg) return { x: 0, y: 0 };
    // The part of the box the plan covers (a short plan leaves the box's lower part empty).
    const left = Math.max(box.left, svg.left);
    const right = Math.min(box.right, svg.right);
    const top = Math.max(box.top, svg.top);
    const bottom = Math.min(box.bottom, svg.bottom);
    return toPlan((left + right) / 2, (top + bottom) / 2);
  }, [toPlan]);

  const fillHeight = useCallback(
    (plan: { width_m: number; height_m: number }) => {
      const box = scrollerRef.current;
      if (!box || box.clientWidth === 0) return;
      const fit = (box.clientHeight / box.clientWidth) * (plan.width_m / plan.height_m);
      const rect = box.getBoundingClientRect();
      zoomAround(() => Math.max(1, fit), { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    },
    [zoomAround],
  );

  return {
    svgRef,
    scrollerRef,
    attachScroller,
    zoom,
    zoomStep,
    zoomAround,
    toPlan,
    viewWidth,
    visibleCentre,
    fillHeight,
  };
}
