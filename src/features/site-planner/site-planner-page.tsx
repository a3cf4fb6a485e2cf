import {
  Box,
  Alert,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { Download, Eye, EyeOff, Lock, PenLine, Printer, RotateCw, Ruler, Trash2, ZoomIn, ZoomOut } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type SVGProps,
} from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { upgradeText } from '../../app/shell/event-links.ts';
import { downloadBlob } from '../../lib/download.ts';
import { tierRank } from '../../access/tiers.ts';
import { PageHeader } from '../../components/page-header.tsx';
import type { SiteItemRow } from '../../db/row-schemas.ts';
import { mutate, useEventLookup, useEventMembers, useRejectedChanges, useSyncStatus } from '../../data/index.ts';
import { useSiteItems, useSitePlan } from '../../data/use-site-plan.ts';
import type { SITE_ITEM_KINDS } from '../../sync/kinds/site-plan-kinds.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { isManagerRole } from '../events/event-rules.ts';
import { DEFAULT_LAYER, useSitePlanView } from './site-plan-view-store.ts';
import {
  clampToPlan,
  clampZoom,
  distance,
  formatDistance,
  ITEM_TYPES,
  MAX_ZOOM,
  MIN_ITEM_SIZE,
  MIN_ZOOM,
  resizeFromCorner,
  rotatePoint,
  rotationTowards,
  scaledPoints,
  shapeFromPoints,
  snap,
  SUGGESTED_LAYERS,
  svgToPng,
  type Placement,
  type Point,
} from './site-plan-helpers.ts';
import { FeatureLocked, NotAMember, PageLoading, RefusedChangeAlerts } from '../events/event-page-states.tsx';

type Kind = (typeof SITE_ITEM_KINDS)[number];
const DEFAULT_PLAN = { width_m: 60, height_m: 40 };
const ADDABLE = (Object.keys(ITEM_TYPES) as Kind[]).filter((kind) => kind !== 'shape');
const NO_LAYERS: string[] = [];
/** Only the plan is printed (the page's `Print` button). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #site-plan-print, #site-plan-print * { visibility: visible !important; }
  #site-plan-print { position: absolute; left: 0; top: 0; width: 100%; max-height: none !important; overflow: visible !important; border: none !important; }
  #site-plan-print svg { width: 100% !important; }
  #site-plan-print [data-export='skip'] { display: none !important; }
}`;

interface Drag {
  id: string;
  pointerId: number;
  startX: number;
  startY: number;
  itemX: number;
  itemY: number;
  x: number;
  y: number;
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

const PLACEMENT_FIELDS = ['x_m', 'y_m', 'width_m', 'height_m', 'rotation'] as const;
const placementOf = (p: Placement): Placement => ({
  x_m: p.x_m,
  y_m: p.y_m,
  width_m: p.width_m,
  height_m: p.height_m,
  rotation: p.rotation,
});

/** The event's Site Planner (route `/events/{id}/camp-planner`): the site to scale, with the crew's things on it. */
export function SitePlannerPage() {
  const { eventId = '' } = useParams();
  const lookup = useEventLookup(eventId);
  const members = useEventMembers(eventId);
  const plan = useSitePlan(eventId);
  const items = useSiteItems(eventId);
  const rejected = useRejectedChanges();
  const hasSynced = useSyncStatus((status) => status.lastSyncedAt !== null);
  const myUserId = useAuthStore((state) => state.session?.user.id ?? null);
  const svgRef = useRef<SVGSVGElement>(null);
  // Moves sent but not yet back from the device database: quick key presses build on them.
  const pending = useRef(new Map<string, Placement>());
  const [drag, setDrag] = useState<Drag | null>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  // The scrolling box around the plan: its width (for handle sizes in pixels), wheel zoom and panning.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const attachScroller = useCallback((el: HTMLDivElement | null) => {
    scrollerRef.current = el;
    setScroller(el);
  }, []);
  const [viewWidth, setViewWidth] = useState(0);
  // Fingers (or the mouse) on the ground: one pans a zoomed plan, two pinch to zoom.
  const groundPointers = useRef(new Map<number, Point>());
  // Where the dragging pointer last moved: the end of a drag or gesture is taken from here, as the
  // last move may not have been drawn yet when the pointer is lifted.
  const lastPointer = useRef<Point>({ x: 0, y: 0 });
  const pinch = useRef<{ startDistance: number; startZoom: number } | null>(null);
  const pan = useRef<{ pointerId: number; x: number; y: number; left: number; top: number } | null>(null);
  // The plan point to keep under the same screen point once a zoom has been laid out.
  const zoomAnchor = useRef<{ plan: Point; client: Point } | null>(null);

  const toPlan = useCallback((clientX: number, clientY: number) => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM()?.inverse();
    if (!svg || !matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix);
    return { x: point.x, y: point.y };
  }, []);

  /** Zooms to `next` (clamped like the buttons), keeping the plan point under `client` in place. */
  const zoomAround = useCallback(
    (next: (zoom: number) => number, client: Point) => {
      zoomAnchor.current = { plan: toPlan(client.x, client.y), client };
      setZoom((z) => clampZoom(next(z)));
    },
    [toPlan],
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
    // Ctrl+wheel, and a trackpad pinch (which browsers send as ctrl+wheel), zooms the plan, not the page.
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
  const [sizeDraft, setSizeDraft] = useState<{ width: string; height: string } | null>(null);
  // Premium tools: measuring (two points) and drawing an area (its corners), tapped on the plan.
  const [tool, setTool] = useState<'measure' | 'shape' | null>(null);
  const [toolPoints, setToolPoints] = useState<Point[]>([]);
  const [exportError, setExportError] = useState<string | null>(null);
  const hiddenLayers = useSitePlanView((state) => state.hiddenLayers[eventId] ?? NO_LAYERS);
  const toggleLayer = useSitePlanView((state) => state.toggleLayer);

  useEffect(() => {
    if (!tool) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setTool(null);
      setToolPoints([]);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tool]);

  const header = (
    <PageHeader
      title="Site Planner"
      description="Lay out tents, cars, the kitchen and the fire on a plan of the campsite, to scale."
    />
  );
  if (lookup.status === 'loading' || (lookup.status === 'missing' && !hasSynced)) {
    return <PageLoading text="Loading the site plan..." />;
  }
  const me = members.find((member) => member.user_id === myUserId);
  if (lookup.status === 'missing' || !me) {
    return <NotAMember />;
  }
  const event = lookup.event;
  if (tierRank(event.access_tier) < tierRank('starter')) {
    return (
      <>
        {header}
        <FeatureLocked tier="starter">
          The site planner draws the campsite to scale so the crew knows where every tent, car and the kitchen go. It
          comes with the Starter plan of the event&apos;s creator.
        </FeatureLocked>
      </>
    );
  }

  const isManager = isManagerRole(me.role);
  const premium = tierRank(event.access_tier) >= tierRank('organizer');
  const size = plan ?? { ...DEFAULT_PLAN };
  const names = new Map(members.map((m) => [m.user_id, m.name ?? m.email ?? 'A member']));
  // Layers: the default one, then those in use, by name. Hidden ones are this device's choice.
  const layers = [
    DEFAULT_LAYER,
    ...[...new Set(items.map((item) => item.layer).filter((l): l is string => !!l))].sort(),
  ];
  const visible = premium ? items.filter((item) => !hiddenLayers.includes(item.layer ?? DEFAULT_LAYER)) : items;
  const selected = visible.find((item) => item.id === selectedId) ?? null;
  const refused = rejected.changes.filter((c) => c.kind.startsWith('site-'));

  /** Where an item is, counting this device's moves that the database has not shown yet. */
  const current = (item: SiteItemRow): Placement => {
    const mine = pending.current.get(item.id);
    if (mine && PLACEMENT_FIELDS.every((f) => mine[f] === item[f])) {
      pending.current.delete(item.id);
    }
    return mine ?? placementOf(item);
  };

  const move = (item: SiteItemRow, to: Partial<Placement>) => {
    pending.current.set(item.id, { ...current(item), ...to });
    void mutate('site-item.move', { id: item.id, to });
  };

  // Sizes on screen, in metres: handles stay finger-sized whatever the zoom.
  const pxPerMetre = viewWidth > 0 ? (viewWidth * zoom) / size.width_m : 10;
  const px = (pixels: number) => pixels / pxPerMetre;

  const onHandleDown = (item: SiteItemRow, mode: Gesture['mode'], e: PointerEvent<SVGGElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    const base = current(item);
    const at = toPlan(e.clientX, e.clientY);
    const corner = rotatePoint({ x: base.width_m / 2, y: base.height_m / 2 }, base.rotation);
    const grab = { x: at.x - base.x_m - corner.x, y: at.y - base.y_m - corner.y };
    lastPointer.current = { x: e.clientX, y: e.clientY };
    setSelectedId(item.id);
    setGesture({ id: item.id, mode, pointerId: e.pointerId, base, preview: base, grab });
  };
  /** The item as the handle held at the pointer makes it. */
  const previewAt = (g: Gesture, clientX: number, clientY: number): Placement => {
    const at = toPlan(clientX, clientY);
    const { base } = g;
    return g.mode === 'resize'
      ? resizeFromCorner(base, { x: at.x - g.grab.x, y: at.y - g.grab.y })
      : { ...base, rotation: rotationTowards({ x: base.x_m, y: base.y_m }, at) };
  };
  const onHandleMove = (e: PointerEvent<SVGGElement>) => {
    if (!gesture || e.pointerId !== gesture.pointerId) return;
    lastPointer.current = { x: e.clientX, y: e.clientY };
    setGesture({ ...gesture, preview: previewAt(gesture, e.clientX, e.clientY) });
  };
  /** The gesture's end sends one change: what differs from where the item was. */
  const onHandleUp = (item: SiteItemRow, e: PointerEvent<SVGGElement>) => {
    if (!gesture || e.pointerId !== gesture.pointerId) return;
    const preview = previewAt(gesture, lastPointer.current.x, lastPointer.current.y);
    const changed: Partial<Placement> = {};
    for (const f of PLACEMENT_FIELDS) if (preview[f] !== gesture.base[f]) changed[f] = preview[f];
    setGesture(null);
    if (Object.keys(changed).length) move(item, changed);
  };

  const onGroundDown = (e: PointerEvent<SVGSVGElement>) => {
    if (!(e.target === e.currentTarget || (e.target as Element).getAttribute('data-ground'))) return;
    setSelectedId(null);
    e.currentTarget.setPointerCapture(e.pointerId);
    groundPointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const fingers = [...groundPointers.current.values()];
    if (fingers.length === 2) {
      pan.current = null;
      pinch.current = { startDistance: Math.max(1, distance(fingers[0], fingers[1])), startZoom: zoom };
    } else if (fingers.length === 1 && zoom > MIN_ZOOM && scrollerRef.current) {
      pan.current = {
        pointerId: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        left: scrollerRef.current.scrollLeft,
        top: scrollerRef.current.scrollTop,
      };
    }
  };
  const onGroundMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!groundPointers.current.has(e.pointerId)) return;
    groundPointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const fingers = [...groundPointers.current.values()];
    if (pinch.current && fingers.length >= 2) {
      const { startDistance, startZoom } = pinch.current;
      const ratio = distance(fingers[0], fingers[1]) / startDistance;
      const mid = { x: (fingers[0].x + fingers[1].x) / 2, y: (fingers[0].y + fingers[1].y) / 2 };
      zoomAround(() => startZoom * ratio, mid);
    } else if (pan.current?.pointerId === e.pointerId && scrollerRef.current) {
      scrollerRef.current.scrollLeft = pan.current.left - (e.clientX - pan.current.x);
      scrollerRef.current.scrollTop = pan.current.top - (e.clientY - pan.current.y);
    }
  };
  const onGroundUp = (e: PointerEvent<SVGSVGElement>) => {
    if (!groundPointers.current.delete(e.pointerId)) return;
    if (groundPointers.current.size < 2) pinch.current = null;
    if (pan.current?.pointerId === e.pointerId) pan.current = null;
  };

  const onPointerDown = (item: SiteItemRow) => (e: PointerEvent<SVGGElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const start = toPlan(e.clientX, e.clientY);
    lastPointer.current = { x: e.clientX, y: e.clientY };
    setSelectedId(item.id);
    setDrag({
      id: item.id,
      pointerId: e.pointerId,
      startX: start.x,
      startY: start.y,
      itemX: item.x_m,
      itemY: item.y_m,
      x: item.x_m,
      y: item.y_m,
    });
  };
  const onPointerMove = (e: PointerEvent<SVGGElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    lastPointer.current = { x: e.clientX, y: e.clientY };
    const at = toPlan(e.clientX, e.clientY);
    setDrag({ ...drag, x: drag.itemX + at.x - drag.startX, y: drag.itemY + at.y - drag.startY });
  };
  const onPointerUp = (item: SiteItemRow) => (e: PointerEvent<SVGGElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const at = toPlan(lastPointer.current.x, lastPointer.current.y);
    const to = clampToPlan(snap(drag.itemX + at.x - drag.startX), snap(drag.itemY + at.y - drag.startY), size);
    setDrag(null);
    if (to.x !== item.x_m || to.y !== item.y_m) move(item, { x_m: to.x, y_m: to.y });
  };
  const onKeyDown = (item: SiteItemRow) => (e: KeyboardEvent<SVGGElement>) => {
    const step = e.altKey ? 5 : 0.5;
    const deltas: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const at = current(item);
    if (deltas[e.key] && e.shiftKey) {
      // Shift+arrows resize about the centre: right and down grow, left and up shrink.
      e.preventDefault();
      const grow = (value: number, by: number) => Math.min(200, Math.max(MIN_ITEM_SIZE, snap(value + by)));
      const width = grow(at.width_m, Math.sign(deltas[e.key][0]) * 0.5);
      const height = grow(at.height_m, Math.sign(deltas[e.key][1]) * 0.5);
      if (width !== at.width_m || height !== at.height_m) move(item, { width_m: width, height_m: height });
    } else if (deltas[e.key]) {
      e.preventDefault();
      const to = clampToPlan(at.x_m + deltas[e.key][0], at.y_m + deltas[e.key][1], size);
      move(item, { x_m: to.x, y_m: to.y });
    } else if (e.key === 'r' || e.key === 'R') {
      e.preventDefault();
      move(item, { rotation: (at.rotation + (e.key === 'r' ? 15 : 345)) % 360 });
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setSelectedId(item.id);
    } else if (e.key === 'Escape') {
      setSelectedId(null);
    }
  };

  const place = (kind: Kind) => {
    const type = ITEM_TYPES[kind];
    const offset = (items.length % 6) * 2;
    const at = clampToPlan(snap(size.width_m / 2 + offset - 5), snap(size.height_m / 2 + offset - 5), size);
    void mutate('site-item.place', {
      eventId: event.id,
      kind,
      label: null,
      x_m: at.x,
      y_m: at.y,
      width_m: type.width,
      height_m: type.height,
      rotation: 0,
    }).then((queued) => setSelectedId((queued.args as { id: string }).id));
  };

  /** Where an item is drawn: mid-gesture or mid-drag as the finger has it, else as stored. */
  const shownPlacement = (item: SiteItemRow): Placement => {
    if (gesture?.id === item.id) return gesture.preview;
    if (drag?.id === item.id) return { ...placementOf(item), x_m: drag.x, y_m: drag.y };
    return placementOf(item);
  };

  const pickTool = (next: 'measure' | 'shape') => {
    // A second press of the same tool puts it away and clears what it showed.
    setTool(tool === next ? null : next);
    setToolPoints([]);
    setSelectedId(null);
  };
  const onToolTap = (e: PointerEvent<SVGRectElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const at = toPlan(e.clientX, e.clientY);
    const point = tool === 'shape' ? clampPoint({ x: snap(at.x), y: snap(at.y) }) : clampPoint(at);
    if (tool === 'measure') setToolPoints((points) => (points.length >= 2 ? [point] : [...points, point]));
    else setToolPoints((points) => (points.length >= 100 ? points : [...points, point]));
  };
  const clampPoint = (p: Point) => {
    const c = clampToPlan(p.x, p.y, size);
    return { x: c.x, y: c.y };
  };
  const finishShape = () => {
    if (toolPoints.length < 3) return;
    const shape = shapeFromPoints(toolPoints);
    setTool(null);
    setToolPoints([]);
    void mutate('site-item.place', { eventId: event.id, kind: 'shape', label: null, ...shape }).then((queued) =>
      setSelectedId((queued.args as { id: string }).id),
    );
  };
  const exportPng = async () => {
    setExportError(null);
    try {
      const blob = await svgToPng(svgRef.current!, size);
      const name = event.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'event';
      downloadBlob(`site-plan-${name}.png`, blob);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'The plan could not be exported.');
    }
  };

  const describe = (item: SiteItemRow) =>
    `${item.label ?? ITEM_TYPES[item.kind as Kind]?.label ?? item.kind}${
      item.assignee_id ? `, ${names.get(item.assignee_id) ?? 'a member'}` : ''
    }, at ${item.x_m} m, ${item.y_m} m`;

  return (
    <>
      {header}
      <RefusedChangeAlerts
        changes={refused}
        titleOf={() => 'Could not change the site plan'}
        onDismiss={(id) => void rejected.discard(id)}
      />

      <style>{PRINT_CSS}</style>
      <Wrap gap="2" mb="3" role="group" aria-label="Add to the plan">
        {ADDABLE.map((kind) => (
          <Button
            key={kind}
            size="sm"
            variant="outline"
            onClick={() => place(kind)}
            aria-label={`Add ${ITEM_TYPES[kind].article}`}
          >
            <Box
              as="span"
              w="3"
              h="3"
              rounded="sm"
              bg={ITEM_TYPES[kind].fill}
              borderWidth="1px"
              borderColor={ITEM_TYPES[kind].stroke}
            />
            {ITEM_TYPES[kind].label}
          </Button>
        ))}
      </Wrap>
      {premium ? (
        <Wrap gap="2" mb="3" role="group" aria-label="Plan tools">
          <Button
            size="sm"
            variant={tool === 'measure' ? 'solid' : 'outline'}
            aria-pressed={tool === 'measure'}
            onClick={() => pickTool('measure')}
          >
            <Ruler aria-hidden />
            Measure
          </Button>
          <Button
            size="sm"
            variant={tool === 'shape' ? 'solid' : 'outline'}
            aria-pressed={tool === 'shape'}
            onClick={() => pickTool('shape')}
          >
            <PenLine aria-hidden />
            Draw an area
          </Button>
          <Button size="sm" variant="outline" onClick={() => void exportPng()}>
            <Download aria-hidden />
            Export PNG
          </Button>
          <Button size="sm" variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
        </Wrap>
      ) : null}
      {tool ? (
        <HStack gap="2" mb="3" wrap="wrap" role="status">
          <Text textStyle="sm">
            {tool === 'measure'
              ? toolPoints.length === 2
                ? `Distance: ${formatDistance(distance(toolPoints[0], toolPoints[1]))}. Tap again to measure anew; Escape ends.`
                : 'Tap two points on the plan to measure the distance between them.'
              : `Tap the corners of the area on the plan (${toolPoints.length} so far), then Finish.`}
          </Text>
          {tool === 'shape' ? (
            <Button size="xs" disabled={toolPoints.length < 3} onClick={finishShape}>
              Finish the area
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="ghost"
            onClick={() => {
              setTool(null);
              setToolPoints([]);
            }}
          >
            {tool === 'measure' ? 'Done' : 'Cancel'}
          </Button>
        </HStack>
      ) : null}
      {exportError ? (
        <Text textStyle="sm" color="red.fg" mb="3" role="alert">
          {exportError}
        </Text>
      ) : null}

      <Stack direction={{ base: 'column', lg: 'row' }} gap="4" align="start">
        <Stack gap="2" flex="1" minW="0" w="full">
          <HStack justify="space-between">
            <Text textStyle="sm" color="fg.muted">
              {size.width_m} m × {size.height_m} m · grid 1 m · drag to move; the corner handle resizes, the round one
              rotates · keys: arrows move, Shift+arrows resize, R rotates · pinch or Ctrl+wheel zooms
            </Text>
            <HStack gap="1">
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Zoom out"
                disabled={zoom <= MIN_ZOOM}
                onClick={() => setZoom((z) => clampZoom(z / 1.5))}
              >
                <ZoomOut />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Zoom in"
                disabled={zoom >= MAX_ZOOM}
                onClick={() => setZoom((z) => clampZoom(z * 1.5))}
              >
                <ZoomIn />
              </IconButton>
            </HStack>
          </HStack>
          <Box
            id="site-plan-print"
            ref={attachScroller}
            overflow="auto"
            borderWidth="1px"
            rounded="md"
            bg="bg"
            maxH={{ base: '70dvh', lg: '75dvh' }}
          >
            <svg
              ref={svgRef}
              viewBox={`0 0 ${size.width_m} ${size.height_m}`}
              width={`${zoom * 100}%`}
              role="group"
              aria-label={`Site plan, ${size.width_m} by ${size.height_m} metres`}
              style={{ display: 'block', touchAction: 'none', userSelect: 'none' }}
              data-zoom={zoom.toFixed(2)}
              onPointerDown={onGroundDown}
              onPointerMove={onGroundMove}
              onPointerUp={onGroundUp}
              onPointerCancel={onGroundUp}
            >
              <defs>
                <pattern id="site-grid-1" width="1" height="1" patternUnits="userSpaceOnUse">
                  <path d="M 1 0 L 0 0 0 1" fill="none" stroke="rgba(60,90,60,0.18)" strokeWidth="0.03" />
                </pattern>
                <pattern id="site-grid-5" width="5" height="5" patternUnits="userSpaceOnUse">
                  <rect width="5" height="5" fill="url(#site-grid-1)" />
                  <path d="M 5 0 L 0 0 0 5" fill="none" stroke="rgba(60,90,60,0.4)" strokeWidth="0.06" />
                </pattern>
              </defs>
              <rect data-ground="1" width={size.width_m} height={size.height_m} fill="#eef5e9" />
              <rect data-ground="1" width={size.width_m} height={size.height_m} fill="url(#site-grid-5)" />
              {visible.map((item) => {
                const type = ITEM_TYPES[item.kind as Kind] ?? ITEM_TYPES.label;
                const shown = shownPlacement(item);
                const { width_m: w, height_m: h } = shown;
                const isSelected = item.id === selectedId;
                const text = item.label ?? type.label;
                // In metres, like everything on the plan: as large as the item allows, never wider.
                const fontSize = Math.max(0.3, Math.min(1, Math.min(w, h) / 2.5, (w * 0.95) / (0.6 * text.length)));
                return (
                  <g
                    key={item.id}
                    transform={`translate(${shown.x_m} ${shown.y_m}) rotate(${shown.rotation})`}
                    data-testid="site-item"
                    data-id={item.id}
                    data-x={item.x_m}
                    data-y={item.y_m}
                    data-width={item.width_m}
                    data-height={item.height_m}
                    data-rotation={item.rotation}
                    role="button"
                    tabIndex={0}
                    aria-label={describe(item)}
                    aria-pressed={isSelected}
                    style={{ cursor: drag?.id === item.id ? 'grabbing' : 'grab', outline: 'none' }}
                    onPointerDown={onPointerDown(item)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp(item)}
                    onPointerCancel={() => setDrag(null)}
                    onKeyDown={onKeyDown(item)}
                    onFocus={() => setSelectedId(item.id)}
                  >
                    {item.kind === 'shape' && item.points ? (
                      <polygon
                        points={scaledPoints(item.points, w, h)
                          .map((p) => `${p.x},${p.y}`)
                          .join(' ')}
                        fill={type.fill}
                        stroke={isSelected ? '#c2410c' : type.stroke}
                        strokeWidth={isSelected ? 0.2 : 0.1}
                        strokeLinejoin="round"
                      />
                    ) : (
                      <rect
                        x={-w / 2}
                        y={-h / 2}
                        width={w}
                        height={h}
                        rx={item.kind === 'fire' ? w / 2 : 0.25}
                        fill={type.fill}
                        stroke={isSelected ? '#c2410c' : type.stroke}
                        strokeWidth={isSelected ? 0.2 : 0.08}
                      />
                    )}
                    <text
                      textAnchor="middle"
                      dominantBaseline="central"
                      style={{ pointerEvents: 'none', fontSize: `${fontSize}px` }}
                      fill="#1f2a1f"
                    >
                      {text}
                    </text>
                  </g>
                );
              })}
              {tool ? <ToolMarks tool={tool} points={toolPoints} px={px} plan={size} onTap={onToolTap} /> : null}
              {selected && !tool ? (
                <Handles
                  placement={shownPlacement(selected)}
                  px={px}
                  onResize={{
                    onPointerDown: (e) => onHandleDown(selected, 'resize', e),
                    onPointerMove: onHandleMove,
                    onPointerUp: (e) => onHandleUp(selected, e),
                    onPointerCancel: () => setGesture(null),
                  }}
                  onRotate={{
                    onPointerDown: (e) => onHandleDown(selected, 'rotate', e),
                    onPointerMove: onHandleMove,
                    onPointerUp: (e) => onHandleUp(selected, e),
                    onPointerCancel: () => setGesture(null),
                  }}
                />
              ) : null}
            </svg>
          </Box>
        </Stack>

        <Stack gap="4" w={{ base: 'full', lg: '20rem' }} flexShrink="0">
          <Card.Root as="section" aria-label="Selected item">
            <Card.Body gap="3">
              {selected ? (
                <SelectedItem
                  key={selected.id}
                  item={selected}
                  layers={premium ? layers.filter(Boolean) : null}
                  people={members.map((m) => ({ id: m.user_id, name: names.get(m.user_id) ?? 'A member' }))}
                  onMove={(to) => move(selected, to)}
                  onRemove={() => {
                    setSelectedId(null);
                    void mutate('site-item.remove', { id: selected.id });
                  }}
                />
              ) : (
                <Text textStyle="sm" color="fg.muted">
                  Add something from the buttons above, or tap an item on the plan to change it.
                </Text>
              )}
            </Card.Body>
          </Card.Root>
          {premium ? (
            <Card.Root as="section" aria-label="Layers">
              <Card.Body gap="2">
                <Heading as="h2" textStyle="md">
                  Layers
                </Heading>
                <Text textStyle="xs" color="fg.muted">
                  Hide a layer to see the plan without it; only on this device. Put an item on a layer in its details.
                </Text>
                {layers.map((layer) => {
                  const count = items.filter((item) => (item.layer ?? DEFAULT_LAYER) === layer).length;
                  return (
                    <Button
                      key={layer}
                      size="sm"
                      variant="ghost"
                      justifyContent="start"
                      aria-pressed={!hiddenLayers.includes(layer)}
                      aria-label={`Show ${layer || 'No layer'}`}
                      onClick={() => toggleLayer(event.id, layer)}
                    >
                      {hiddenLayers.includes(layer) ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                      <Text as="span" color={hiddenLayers.includes(layer) ? 'fg.muted' : undefined}>
                        {layer || 'No layer'}
                      </Text>
                      <Text as="span" color="fg.muted">
                        ({count})
                      </Text>
                    </Button>
                  );
                })}
              </Card.Body>
            </Card.Root>
          ) : (
            <Alert.Root status="info" rounded="lg" alignItems="start" as="section" aria-label="Premium site planner">
              <Alert.Indicator>
                <Lock />
              </Alert.Indicator>
              <Alert.Content gap="2">
                <Alert.Title>{upgradeText('organizer')}</Alert.Title>
                <Alert.Description>
                  Layers you can hide, measuring distances, areas of any shape, and exporting or printing the plan come
                  with the Organizer plan of the event&apos;s creator.
                </Alert.Description>
                <Button asChild size="sm" variant="outline" alignSelf="start">
                  <RouterLink to={paths.subscription.href()}>See plans</RouterLink>
                </Button>
              </Alert.Content>
            </Alert.Root>
          )}
          {isManager ? (
            <Card.Root as="section" aria-label="Plan size">
              <Card.Body gap="3">
                <Heading as="h2" textStyle="md">
                  Plan size
                </Heading>
                <HStack gap="2" align="end">
                  <Field.Root>
                    <Field.Label>Width (m)</Field.Label>
                    <Input
                      type="number"
                      min={5}
                      max={1000}
                      value={sizeDraft?.width ?? String(size.width_m)}
                      onChange={(e) =>
                        setSizeDraft({ width: e.target.value, height: sizeDraft?.height ?? String(size.height_m) })
                      }
                    />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Length (m)</Field.Label>
                    <Input
                      type="number"
                      min={5}
                      max={1000}
                      value={sizeDraft?.height ?? String(size.height_m)}
                      onChange={(e) =>
                        setSizeDraft({ width: sizeDraft?.width ?? String(size.width_m), height: e.target.value })
                      }
                    />
                  </Field.Root>
                  <Button
                    disabled={!sizeDraft}
                    onClick={() => {
                      const width = Math.round(Number(sizeDraft?.width));
                      const height = Math.round(Number(sizeDraft?.height));
                      if (!(width >= 5 && width <= 1000 && height >= 5 && height <= 1000)) return;
                      void mutate('site-plan.set-size', { eventId: event.id, width_m: width, height_m: height });
                      setSizeDraft(null);
                    }}
                  >
                    Save
                  </Button>
                </HStack>
                {sizeDraft &&
                !(
                  Number(sizeDraft.width) >= 5 &&
                  Number(sizeDraft.width) <= 1000 &&
                  Number(sizeDraft.height) >= 5 &&
                  Number(sizeDraft.height) <= 1000
                ) ? (
                  <Text textStyle="sm" color="red.fg">
                    A plan is between 5 and 1000 metres each way.
                  </Text>
                ) : null}
              </Card.Body>
            </Card.Root>
          ) : null}
        </Stack>
      </Stack>
    </>
  );
}

interface SelectedProps {
  item: SiteItemRow;
  /** The layers in use, to choose from; null when the event has no layers (below organizer). */
  layers: string[] | null;
  people: { id: string; name: string }[];
  onMove(to: Partial<Pick<SiteItemRow, 'width_m' | 'height_m' | 'rotation'>>): void;
  onRemove(): void;
}

/** The selected item's details: name, who it belongs to, size and rotation, remove. */
function SelectedItem({ item, layers, people, onMove, onRemove }: SelectedProps) {
  const type = ITEM_TYPES[item.kind as Kind] ?? ITEM_TYPES.label;
  const [label, setLabel] = useState(item.label ?? '');
  const [layer, setLayer] = useState(item.layer ?? '');
  const saveLayer = () => {
    const next = layer.trim().slice(0, 40) || null;
    if (next !== item.layer) void mutate('site-item.change', { id: item.id, changes: { layer: next } });
  };
  const saveLabel = () => {
    const next = label.trim() || null;
    if (next !== item.label) void mutate('site-item.change', { id: item.id, changes: { label: next } });
  };
  const number = (value: string, min: number, max: number) => {
    const n = Math.round(Number(value) * 2) / 2;
    return Number.isFinite(n) && n >= min && n <= max ? n : null;
  };
  return (
    <>
      <Heading as="h2" textStyle="md">
        {type.label}
      </Heading>
      <Field.Root>
        <Field.Label>Name on the plan</Field.Label>
        <Input
          value={label}
          maxLength={80}
          placeholder={type.label}
          onChange={(e) => setLabel(e.target.value)}
          onBlur={saveLabel}
          onKeyDown={(e) => e.key === 'Enter' && saveLabel()}
        />
      </Field.Root>
      {layers ? (
        <Field.Root>
          <Field.Label>Layer</Field.Label>
          <Input
            value={layer}
            maxLength={40}
            list="site-plan-layers"
            placeholder="No layer"
            onChange={(e) => setLayer(e.target.value)}
            onBlur={saveLayer}
            onKeyDown={(e) => e.key === 'Enter' && saveLayer()}
          />
          <datalist id="site-plan-layers">
            {[...new Set([...SUGGESTED_LAYERS, ...layers])].map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </Field.Root>
      ) : null}
      <Field.Root>
        <Field.Label>Belongs to</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={item.assignee_id ?? ''}
            onChange={(e) =>
              void mutate('site-item.change', { id: item.id, changes: { assignee_id: e.target.value || null } })
            }
          >
            <option value="">Nobody</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="2">
        <Field.Root>
          <Field.Label>Width (m)</Field.Label>
          <Input
            key={item.width_m}
            type="number"
            step={0.5}
            min={0.5}
            max={200}
            defaultValue={item.width_m}
            onBlur={(e) => {
              const n = number(e.target.value, 0.5, 200);
              if (n !== null && n !== item.width_m) onMove({ width_m: n });
            }}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Length (m)</Field.Label>
          <Input
            key={item.height_m}
            type="number"
            step={0.5}
            min={0.5}
            max={200}
            defaultValue={item.height_m}
            onBlur={(e) => {
              const n = number(e.target.value, 0.5, 200);
              if (n !== null && n !== item.height_m) onMove({ height_m: n });
            }}
          />
        </Field.Root>
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => onMove({ rotation: (item.rotation + 15) % 360 })}>
          <RotateCw aria-hidden />
          Rotate 15°
        </Button>
        <Text textStyle="sm" color="fg.muted">
          {item.rotation}°
        </Text>
        <Button size="sm" variant="outline" colorPalette="red" ml="auto" onClick={onRemove}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </HStack>
    </>
  );
}

type HandleEvents = Pick<SVGProps<SVGGElement>, 'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel'>;

/**
 * The selected item's handles, drawn in its turned frame: a square on its bottom-right corner to
 * resize, a round one above its top edge to rotate. Each has an invisible finger-sized target.
 */
function Handles({
  placement,
  px,
  onResize,
  onRotate,
}: {
  placement: Placement;
  px(pixels: number): number;
  onResize: HandleEvents;
  onRotate: HandleEvents;
}) {
  const { x_m, y_m, width_m: w, height_m: h, rotation } = placement;
  // Both sit outside the item, so a small item's middle is still there to drag it by.
  const knob = px(7);
  const reach = px(16);
  const cx = w / 2 + px(10);
  const cy = h / 2 + px(10);
  const stalk = -h / 2 - px(30);
  return (
    <g transform={`translate(${x_m} ${y_m}) rotate(${rotation})`} data-testid="item-handles" data-export="skip">
      <line x1={0} y1={-h / 2} x2={0} y2={stalk} stroke="#c2410c" strokeWidth={px(1.5)} pointerEvents="none" />
      <g
        data-testid="resize-handle"
        aria-label="Resize: drag the corner"
        style={{ cursor: rotation % 90 === 0 ? 'nwse-resize' : 'move', touchAction: 'none' }}
        {...onResize}
      >
        <line x1={w / 2} y1={h / 2} x2={cx} y2={cy} stroke="#c2410c" strokeWidth={px(1.5)} />
        <circle cx={cx} cy={cy} r={reach} fill="transparent" />
        <rect
          x={cx - knob}
          y={cy - knob}
          width={knob * 2}
          height={knob * 2}
          fill="#ffffff"
          stroke="#c2410c"
          strokeWidth={px(2)}
        />
      </g>
      <g
        data-testid="rotate-handle"
        aria-label="Rotate: drag around the centre"
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...onRotate}
      >
        <circle cx={0} cy={stalk} r={reach} fill="transparent" />
        <circle cx={0} cy={stalk} r={knob} fill="#ffffff" stroke="#c2410c" strokeWidth={px(2)} />
      </g>
    </g>
  );
}

/**
 * What a tool shows on the plan, over everything: a ruler between the two points measured with
 * the distance to the decimetre, or the corners of the area being drawn. The whole plan takes the
 * taps while a tool is out.
 */
function ToolMarks({
  tool,
  points,
  px,
  plan,
  onTap,
}: {
  tool: 'measure' | 'shape';
  points: Point[];
  px(pixels: number): number;
  plan: { width_m: number; height_m: number };
  onTap(e: PointerEvent<SVGRectElement>): void;
}) {
  const [a, b] = points;
  const fontSize = px(14);
  const label = a && b && tool === 'measure' ? formatDistance(distance(a, b)) : null;
  return (
    <g data-testid="tool-marks">
      <rect
        data-export="skip"
        width={plan.width_m}
        height={plan.height_m}
        fill="transparent"
        style={{ cursor: 'crosshair' }}
        onPointerDown={onTap}
      />
      {tool === 'shape' && points.length > 1 ? (
        <polyline
          points={points.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="rgba(20,184,166,0.2)"
          stroke="#0f766e"
          strokeWidth={px(2)}
          strokeDasharray={`${px(6)} ${px(4)}`}
          pointerEvents="none"
        />
      ) : null}
      {a && b && tool === 'measure' ? (
        <line
          x1={a.x}
          y1={a.y}
          x2={b.x}
          y2={b.y}
          stroke="#1d4ed8"
          strokeWidth={px(2.5)}
          strokeDasharray={`${px(8)} ${px(4)}`}
          pointerEvents="none"
        />
      ) : null}
      {points.map((p, i) => (
        <circle
          key={i}
          cx={p.x}
          cy={p.y}
          r={px(5)}
          fill="#ffffff"
          stroke={tool === 'measure' ? '#1d4ed8' : '#0f766e'}
          strokeWidth={px(2)}
          pointerEvents="none"
        />
      ))}
      {label ? (
        <g transform={`translate(${(a.x + b.x) / 2} ${(a.y + b.y) / 2 - px(14)})`} pointerEvents="none">
          <rect
            x={-fontSize * 0.6 * label.length * 0.5 - px(6)}
            y={-fontSize * 0.7}
            width={fontSize * 0.6 * label.length + px(12)}
            height={fontSize * 1.4}
            rx={px(4)}
            fill="#ffffff"
            stroke="#1d4ed8"
            strokeWidth={px(1)}
          />
          <text
            data-testid="measured-distance"
            textAnchor="middle"
            dominantBaseline="central"
            fill="#1e3a8a"
            style={{ fontSize: `${fontSize}px`, fontWeight: 600 }}
          >
            {label}
          </text>
        </g>
      ) : null}
    </g>
  );
}
