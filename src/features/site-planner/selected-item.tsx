import { Button, Field, Heading, HStack, Input, Text } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field.tsx';
import { RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SiteItemRow } from './sync/site-plan-rows.ts';
import { mutate } from '../../data/index.ts';
import { SUGGESTED_LAYERS } from './site-plan-helpers.ts';
import { itemTypeOf, readItemSize } from './site-plan-rules.ts';

const SIZE_FIELDS = [
  { field: 'width_m', label: 'Width (m)' },
  { field: 'height_m', label: 'Length (m)' },
] as const;

interface SelectedProps {
  item: SiteItemRow;
  /** The layers in use, to choose from; null when the event has no layers (below organizer). */
  layers: string[] | null;
  people: { id: string; name: string }[];
  /** Who last moved or changed it ("Last moved or changed by Ana"), when known. */
  changedBy: string | null;
  onMove(to: Partial<Pick<SiteItemRow, 'width_m' | 'height_m' | 'rotation'>>): void;
  onRemove(): void;
}

/** The selected item's details: name, who it belongs to, size and rotation, remove. */
export function SelectedItem({ item, layers, people, changedBy, onMove, onRemove }: SelectedProps) {
  const type = itemTypeOf(item.kind);
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
  return (
    <>
      <Heading as="h2" textStyle="md">
        {type.label}
      </Heading>
      {changedBy ? (
        <Text textStyle="sm" color="fg.muted" mt="-2">
          {changedBy}
        </Text>
      ) : null}
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
      <SelectField
        label="Belongs to"
        value={item.assignee_id ?? ''}
        onChange={(value) => void mutate('site-item.change', { id: item.id, changes: { assignee_id: value || null } })}
        options={[{ value: '', label: 'Nobody' }, ...people.map((p) => ({ value: p.id, label: p.name }))]}
      />
      <HStack gap="2">
        {SIZE_FIELDS.map(({ field, label }) => (
          <Field.Root key={field}>
            <Field.Label>{label}</Field.Label>
            <Input
              key={item[field]}
              type="number"
              step={0.5}
              min={0.5}
              max={200}
              defaultValue={item[field]}
              onBlur={(e) => {
                const n = readItemSize(e.target.value);
                if (n !== null && n !== item[field]) onMove({ [field]: n });
              }}
            />
          </Field.Root>
        ))}
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
