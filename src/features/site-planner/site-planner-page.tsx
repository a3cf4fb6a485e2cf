import {
  Box,
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
import { RotateCw, Trash2, ZoomIn, ZoomOut } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useParams } from 'react-router';
import { tierRank } from '../../access/tiers.ts';
import { PageHeader } from '../../components/page-header.tsx';
import type { SiteItemRow } from '../../db/row-schemas.ts';
import { mutate, useEventLookup, useEventMembers, useRejectedChanges, useSyncStatus } from '../../data/index.ts';
import { useSiteItems, useSitePlan } from '../../data/use-site-plan.ts';
import type { SITE_ITEM_KINDS } from '../../sync/kinds/site-plan-kinds.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { isManagerRole } from '../events/event-rules.ts';
import { clampToPlan, ITEM_TYPES, snap } from './site-plan-helpers.ts';
import { FeatureLocked, NotAMember, PageLoading, RefusedChangeAlerts } from '../events/event-page-states.tsx';

type Kind = (typeof SITE_ITEM_KINDS)[number];
const DEFAULT_PLAN = { width_m: 60, height_m: 40 };

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
  const pending = useRef(new Map<string, Pick<SiteItemRow, 'x_m' | 'y_m' | 'rotation'>>());
  const [drag, setDrag] = useState<Drag | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [sizeDraft, setSizeDraft] = useState<{ width: string; height: string } | null>(null);

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
  const size = plan ?? { ...DEFAULT_PLAN };
  const names = new Map(members.map((m) => [m.user_id, m.name ?? m.email ?? 'A member']));
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const refused = rejected.changes.filter((c) => c.kind.startsWith('site-'));

  /** Where an item is, counting this device's moves that the database has not shown yet. */
  const current = (item: SiteItemRow): Pick<SiteItemRow, 'x_m' | 'y_m' | 'rotation'> => {
    const mine = pending.current.get(item.id);
    if (mine && mine.x_m === item.x_m && mine.y_m === item.y_m && mine.rotation === item.rotation) {
      pending.current.delete(item.id);
    }
    return mine ?? item;
  };

  const toPlan = (clientX: number, clientY: number) => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM()?.inverse();
    if (!svg || !matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix);
    return { x: point.x, y: point.y };
  };

  const move = (
    item: SiteItemRow,
    to: Partial<Pick<SiteItemRow, 'x_m' | 'y_m' | 'width_m' | 'height_m' | 'rotation'>>,
  ) => {
    const at = current(item);
    pending.current.set(item.id, {
      x_m: to.x_m ?? at.x_m,
      y_m: to.y_m ?? at.y_m,
      rotation: to.rotation ?? at.rotation,
    });
    void mutate('site-item.move', { id: item.id, to });
  };

  const onPointerDown = (item: SiteItemRow) => (e: PointerEvent<SVGGElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const start = toPlan(e.clientX, e.clientY);
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
    const at = toPlan(e.clientX, e.clientY);
    setDrag({ ...drag, x: drag.itemX + at.x - drag.startX, y: drag.itemY + at.y - drag.startY });
  };
  const onPointerUp = (item: SiteItemRow) => (e: PointerEvent<SVGGElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const to = clampToPlan(snap(drag.x), snap(drag.y), size);
    setDrag(null);
    if (to.x !== item.x_m || to.y !== item.y_m) move(item, { x_m: to.x, y_m: to.y });
  };
  const onKeyDown = (item: SiteItemRow) => (e: KeyboardEvent<SVGGElement>) => {
    const step = e.shiftKey ? 5 : 0.5;
    const deltas: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const at = current(item);
    if (deltas[e.key]) {
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

      <Wrap gap="2" mb="3" role="group" aria-label="Add to the plan">
        {(Object.keys(ITEM_TYPES) as Kind[]).map((kind) => (
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

      <Stack direction={{ base: 'column', lg: 'row' }} gap="4" align="start">
        <Stack gap="2" flex="1" minW="0" w="full">
          <HStack justify="space-between">
            <Text textStyle="sm" color="fg.muted">
              {size.width_m} m × {size.height_m} m · grid 1 m · drag to move, or focus an item and use the arrow keys (R
              rotates)
            </Text>
            <HStack gap="1">
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Zoom out"
                disabled={zoom <= 1}
                onClick={() => setZoom((z) => Math.max(1, z / 1.5))}
              >
                <ZoomOut />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Zoom in"
                disabled={zoom >= 5}
                onClick={() => setZoom((z) => Math.min(5, z * 1.5))}
              >
                <ZoomIn />
              </IconButton>
            </HStack>
          </HStack>
          <Box overflow="auto" borderWidth="1px" rounded="md" bg="bg" maxH={{ base: '70dvh', lg: '75dvh' }}>
            <svg
              ref={svgRef}
              viewBox={`0 0 ${size.width_m} ${size.height_m}`}
              width={`${zoom * 100}%`}
              role="group"
              aria-label={`Site plan, ${size.width_m} by ${size.height_m} metres`}
              style={{ display: 'block', touchAction: 'none', userSelect: 'none' }}
              onPointerDown={(e) => {
                if (e.target === e.currentTarget || (e.target as Element).getAttribute('data-ground'))
                  setSelectedId(null);
              }}
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
              {items.map((item) => {
                const type = ITEM_TYPES[item.kind as Kind] ?? ITEM_TYPES.label;
                const x = drag?.id === item.id ? drag.x : item.x_m;
                const y = drag?.id === item.id ? drag.y : item.y_m;
                const isSelected = item.id === selectedId;
                const text = item.label ?? type.label;
                // In metres, like everything on the plan: as large as the item allows, never wider.
                const fontSize = Math.max(
                  0.3,
                  Math.min(1, Math.min(item.width_m, item.height_m) / 2.5, (item.width_m * 0.95) / (0.6 * text.length)),
                );
                return (
                  <g
                    key={item.id}
                    transform={`translate(${x} ${y}) rotate(${item.rotation})`}
                    data-testid="site-item"
                    data-id={item.id}
                    data-x={item.x_m}
                    data-y={item.y_m}
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
                    <rect
                      x={-item.width_m / 2}
                      y={-item.height_m / 2}
                      width={item.width_m}
                      height={item.height_m}
                      rx={item.kind === 'fire' ? item.width_m / 2 : 0.25}
                      fill={type.fill}
                      stroke={isSelected ? '#c2410c' : type.stroke}
                      strokeWidth={isSelected ? 0.2 : 0.08}
                    />
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
  people: { id: string; name: string }[];
  onMove(to: Partial<Pick<SiteItemRow, 'width_m' | 'height_m' | 'rotation'>>): void;
  onRemove(): void;
}

/** The selected item's details: name, who it belongs to, size and rotation, remove. */
function SelectedItem({ item, people, onMove, onRemove }: SelectedProps) {
  const type = ITEM_TYPES[item.kind as Kind] ?? ITEM_TYPES.label;
  const [label, setLabel] = useState(item.label ?? '');
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
