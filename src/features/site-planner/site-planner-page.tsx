import { Card, Stack, Text } from '@chakra-ui/react';
import { ReplacedNotices } from '../../components/replaced-notices.tsx';
import { SITE_ITEM_EDIT_GROUPS } from './sync/site-plan-kinds.ts';
import { useEffect, useState, type PointerEvent } from 'react';
import { useParams } from 'react-router';
import { tierRank } from '../../access/tiers.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RefusedChangeAlerts } from '../../components/page-states.tsx';
import { UpgradeNotice } from '../../components/upgrade-prompt.tsx';
import type { EventRow, MemberRow } from '../events/index.ts';
import type { SiteItemRow } from './sync/site-plan-rows.ts';
import { mutate, useRejectedChanges } from '../../data/index.ts';
import { useSiteItems, useSitePlan } from './use-site-plan.ts';
import { downloadBlob, fileNamePart } from '../../lib/download.ts';
import { EventPageFallback } from '../events/index.ts';
import { useEventPage } from '../events/index.ts';
import { SelectedItem } from './selected-item.tsx';
import { clampToPlan, shapeFromPoints, snap, svgToPng, type Point } from './site-plan-helpers.ts';
import { SitePlanCanvas } from './site-plan-canvas.tsx';
import { LayersCard, PlanSizeCard } from './site-plan-inspector.tsx';
import {
  DEFAULT_PLAN,
  describeItem,
  lastChangedText,
  newItemPlacement,
  planLayers,
  withToolPoint,
  type ItemKind,
  type PlanSize,
} from './site-plan-rules.ts';
import { AddItemButtons, planHelp, PlanTools, ToolStatus, ZoomBar, type Tool } from './site-plan-toolbar.tsx';
import { PlanFullScreen, type Sheet } from './plan-full-screen.tsx';
import { DEFAULT_LAYER, useSitePlanView } from './site-plan-view-store.ts';
import { useGroundGestures } from './use-ground-gestures.ts';
import { useItemGestures } from './use-item-gestures.ts';
import { usePlanViewport } from './use-plan-viewport.ts';

const NO_LAYERS: string[] = [];

const header = (
  <PageHeader
    title="Site Planner"
    description="Lay out tents, cars, the kitchen and the fire on a plan of the campsite, to scale."
  />
);

/** The event's Site Planner (route `/events/{id}/camp-planner`): the site to scale, with the crew's things on it. */
export function SitePlannerPage() {
  const { eventId = '' } = useParams();
  const page = useEventPage(eventId);
  const stored = useSitePlan(eventId);
  const items = useSiteItems(eventId);
  if (page.status !== 'ready') return <EventPageFallback page={page} loadingText="Loading the site plan..." />;
  if (tierRank(page.event.access_tier) < tierRank('starter')) {
    return (
      <>
        {header}
        <UpgradeNotice tier="starter">
          The site planner draws the campsite to scale so the crew knows where every tent, car and the kitchen go. It
          comes with the Starter plan of the event&apos;s creator.
        </UpgradeNotice>
      </>
    );
  }
  const { event, members, isManager, names, myUserId } = page;
  return (
    <>
      <ReplacedNotices
        rows={items.map((item) => ({ ...item, title: item.label ?? item.kind }))}
        groups={SITE_ITEM_EDIT_GROUPS}
        myUserId={myUserId}
        names={names}
      />
      <SitePlanner
        event={event}
        plan={stored ?? DEFAULT_PLAN}
        items={items}
        members={members}
        isManager={isManager}
        names={names}
        myUserId={myUserId}
      />
    </>
  );
}

interface SitePlannerProps {
  event: EventRow;
  plan: PlanSize;
  items: readonly SiteItemRow[];
  members: readonly MemberRow[];
  isManager: boolean;
  names: ReadonlyMap<string, string>;
  myUserId: string;
}

/** The plan of an event with the site planner: the tools above it, the plan, the item's details beside it. */
function SitePlanner({ event, plan, items, members, isManager, names, myUserId }: SitePlannerProps) {
  const rejected = useRejectedChanges();
  const hiddenLayers = useSitePlanView((state) => state.hiddenLayers[event.id] ?? NO_LAYERS);
  const toggleLayer = useSitePlanView((state) => state.toggleLayer);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Premium tools: measuring (two points) and drawing an area (its corners), tapped on the plan.
  const [tool, setTool] = useState<Tool | null>(null);
  const [toolPoints, setToolPoints] = useState<Point[]>([]);
  const [exportError, setExportError] = useState<string | null>(null);
  // Full screen (a phone at the campsite): the plan on the whole screen, the rest in a bottom sheet.
  const [isFull, setFull] = useState(false);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const view = usePlanViewport();
  const { fillHeight } = view;
  const gestures = useItemGestures(view, plan, setSelectedId);
  const ground = useGroundGestures({
    scrollerRef: view.scrollerRef,
    zoom: view.zoom,
    zoomAround: view.zoomAround,
    onTap: () => setSelectedId(null),
  });

  const putToolAway = () => {
    setTool(null);
    setToolPoints([]);
  };
  // Escape puts the tool away wherever the focus is.
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

  // Entering full screen zooms the plan to fill the screen's height too, once the box is laid out.
  useEffect(() => {
    if (!isFull) return;
    const frame = requestAnimationFrame(() => fillHeight(plan));
    return () => cancelAnimationFrame(frame);
    // The plan's size at the moment of entering; a later resize keeps the user's zoom.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isFull, fillHeight]);

  const isPremium = tierRank(event.access_tier) >= tierRank('organizer');
  // Hidden layers are this device's choice, and only on the premium planner.
  const visible = isPremium ? items.filter((item) => !hiddenLayers.includes(item.layer ?? DEFAULT_LAYER)) : items;
  const selected = visible.find((item) => item.id === selectedId) ?? null;
  const layers = planLayers(items);

  // A new item is selected once it is queued (the queued change carries its new id).
  const selectQueued = (queued: { args: { id: string } }) => setSelectedId(queued.args.id);
  // A new item goes to the middle of what is on screen, clear of the items already there.
  const add = (kind: ItemKind) => {
    setSheet(null);
    void mutate('site-item.place', {
      eventId: event.id,
      kind,
      label: null,
      ...newItemPlacement(kind, items, plan, view.visibleCentre()),
    }).then(selectQueued);
  };
  const pickTool = (next: Tool) => {
    // A second press of the same tool puts it away and clears what it showed.
    setTool(tool === next ? null : next);
    setToolPoints([]);
    setSelectedId(null);
  };
  const onToolTap = (e: PointerEvent<SVGRectElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const at = view.toPlan(e.clientX, e.clientY);
    const point = clampToPlan(tool === 'shape' ? snap(at.x) : at.x, tool === 'shape' ? snap(at.y) : at.y, plan);
    if (tool) setToolPoints((points) => withToolPoint(tool, points, point));
  };
  const finishShape = () => {
    if (toolPoints.length < 3) return;
    putToolAway();
    void mutate('site-item.place', {
      eventId: event.id,
      kind: 'shape',
      label: null,
      ...shapeFromPoints(toolPoints),
    }).then(selectQueued);
  };
  const exportPng = async () => {
    setExportError(null);
    try {
      const blob = await svgToPng(view.svgRef.current!, plan);
      downloadBlob(`site-plan-${fileNamePart(event.name)}.png`, blob);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'The plan could not be exported.');
    }
  };

  const canvas = (
    <SitePlanCanvas
      svgRef={view.svgRef}
      attachScroller={view.attachScroller}
      zoom={view.zoom}
      viewWidth={view.viewWidth}
      plan={plan}
      items={visible}
      selected={selected}
      tool={tool ? { kind: tool, points: toolPoints } : null}
      gestures={gestures}
      ground={ground}
      describe={(item) => describeItem(item, (id) => names.get(id))}
      onSelect={setSelectedId}
      onToolTap={onToolTap}
      fill={isFull}
    />
  );
  const details = selected ? (
    <SelectedItem
      key={selected.id}
      item={selected}
      layers={isPremium ? layers.filter(Boolean) : null}
      people={members.map((m) => ({ id: m.user_id, name: names.get(m.user_id) ?? 'A member' }))}
      changedBy={lastChangedText(selected, myUserId, (id) => names.get(id))}
      onMove={(to) => gestures.move(selected, to)}
      onRemove={() => {
        setSelectedId(null);
        void mutate('site-item.remove', { id: selected.id });
      }}
    />
  ) : null;
  const status = tool ? (
    <ToolStatus tool={tool} points={toolPoints} onFinish={finishShape} onDone={putToolAway} />
  ) : null;

  if (isFull) {
    const shown = sheet === 'details' && !selected ? null : sheet;
    return (
      <PlanFullScreen
        zoom={view.zoom}
        onZoom={view.zoomStep}
        hasSelection={Boolean(selected)}
        sheet={shown}
        onSheet={setSheet}
        onLeave={() => {
          setFull(false);
          setSheet(null);
        }}
        status={status}
        sheetContent={
          shown === 'add' ? (
            <>
              <AddItemButtons onAdd={add} />
              {isPremium ? (
                <PlanTools
                  tool={tool}
                  onPick={(next) => {
                    pickTool(next);
                    setSheet(null);
                  }}
                  onExport={() => void exportPng()}
                />
              ) : null}
              <Text textStyle="sm" color="fg.muted">
                {planHelp(plan)}
              </Text>
            </>
          ) : (
            details
          )
        }
      >
        {canvas}
      </PlanFullScreen>
    );
  }

  return (
    <>
      {header}
      <RefusedChangeAlerts
        changes={rejected.changes.filter((c) => c.kind.startsWith('site-'))}
        titleOf={() => 'Could not change the site plan'}
        onDismiss={(id) => void rejected.discard(id)}
      />
      <AddItemButtons onAdd={add} />
      {isPremium ? <PlanTools tool={tool} onPick={pickTool} onExport={() => void exportPng()} /> : null}
      {status}
      {exportError ? (
        <Text textStyle="sm" color="red.fg" mb="3" role="alert">
          {exportError}
        </Text>
      ) : null}

      <Stack direction={{ base: 'column', lg: 'row' }} gap="4" align="start">
        <Stack gap="2" flex="1" minW="0" w="full">
          <ZoomBar plan={plan} zoom={view.zoom} onZoom={view.zoomStep} onFullScreen={() => setFull(true)} />
          {canvas}
        </Stack>

        <Stack gap="4" w={{ base: 'full', lg: '20rem' }} flexShrink="0">
          <Card.Root as="section" aria-label="Selected item">
            <Card.Body gap="3">
              {details ?? (
                <Text textStyle="sm" color="fg.muted">
                  Add something from the buttons above, or tap an item on the plan to change it.
                </Text>
              )}
            </Card.Body>
          </Card.Root>
          {isPremium ? (
            <LayersCard
              layers={layers}
              items={items}
              hiddenLayers={hiddenLayers}
              onToggle={(layer) => toggleLayer(event.id, layer)}
            />
          ) : (
            <UpgradeNotice tier="organizer" label="Premium site planner">
              Layers you can hide, measuring distances, areas of any shape, and exporting or printing the plan come with
              the Organizer plan of the event&apos;s creator.
            </UpgradeNotice>
          )}
          {isManager ? (
            <PlanSizeCard
              plan={plan}
              onSave={(size) => void mutate('site-plan.set-size', { eventId: event.id, ...size })}
            />
          ) : null}
        </Stack>
      </Stack>
    </>
  );
}
