import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '../../components/section-card.tsx';
import type { SiteItemRow } from './sync/site-plan-rows.ts';
import { DEFAULT_LAYER } from './site-plan-view-store.ts';
import { readPlanSize, type PlanSize } from './site-plan-rules.ts';

interface LayersCardProps {
  layers: readonly string[];
  items: readonly SiteItemRow[];
  hiddenLayers: readonly string[];
  onToggle(layer: string): void;
}

/** The layers in use with their item counts, each to hide or show on this device (premium). */
export function LayersCard({ layers, items, hiddenLayers, onToggle }: LayersCardProps) {
  return (
    <SectionCard title="Layers">
      <Text textStyle="xs" color="fg.muted">
        Hide a layer to see the plan without it; only on this device. Put an item on a layer in its details.
      </Text>
      {layers.map((layer) => {
        const count = items.filter((item) => (item.layer ?? DEFAULT_LAYER) === layer).length;
        const isHidden = hiddenLayers.includes(layer);
        return (
          <Button
            key={layer}
            size="sm"
            variant="ghost"
            justifyContent="start"
            aria-pressed={!isHidden}
            aria-label={`Show ${layer || 'No layer'}`}
            onClick={() => onToggle(layer)}
          >
            {isHidden ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            <Text as="span" color={isHidden ? 'fg.muted' : undefined}>
              {layer || 'No layer'}
            </Text>
            <Text as="span" color="fg.muted">
              ({count})
            </Text>
          </Button>
        );
      })}
    </SectionCard>
  );
}

/** The plan's size in metres (the event's managers): between 5 and 1000 each way. */
export function PlanSizeCard({ plan, onSave }: { plan: PlanSize; onSave(size: PlanSize): void }) {
  const [draft, setDraft] = useState<{ width: string; height: string } | null>(null);
  const width = draft?.width ?? String(plan.width_m);
  const height = draft?.height ?? String(plan.height_m);
  const size = draft ? readPlanSize(draft.width, draft.height) : null;
  const sizeField = (label: string, value: string, onChange: (value: string) => void) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input type="number" min={5} max={1000} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field.Root>
  );
  return (
    <SectionCard title="Plan size" gap="3">
      <HStack gap="2" align="end">
        {sizeField('Width (m)', width, (value) => setDraft({ width: value, height }))}
        {sizeField('Length (m)', height, (value) => setDraft({ width, height: value }))}
        <Button
          disabled={!draft}
          onClick={() => {
            if (!size) return;
            onSave(size);
            setDraft(null);
          }}
        >
          Save
        </Button>
      </HStack>
      {draft && !size ? (
        <Text textStyle="sm" color="red.fg">
          A plan is between 5 and 1000 metres each way.
        </Text>
      ) : null}
    </SectionCard>
  );
}
