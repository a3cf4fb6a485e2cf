import { Combobox, Field, useFilter, useListCollection } from '@chakra-ui/react';
import { useMemo } from 'react';

interface ZoneOption {
  value: string;
  label: string;
}

/** The device's zone, as the event kinds take it when none is given. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `GMT+2` now, for finding a zone by its offset too; empty where the browser cannot say. */
function offsetOf(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts();
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

let zones: ZoneOption[] | null = null;

/** Every IANA zone the browser knows (Intl), labelled with its current offset; built once. */
function allZones(): ZoneOption[] {
  zones ??= Intl.supportedValuesOf('timeZone').map((zone) => ({
    value: zone,
    label: `${zone.replace(/_/g, ' ')} (${offsetOf(zone) || 'GMT'})`,
  }));
  return zones;
}

interface TimeZoneFieldProps {
  value: string;
  onChange(zone: string): void;
}

/**
 * The event's time zone (IANA): a searchable list of the browser's zones, typed as "zurich",
 * "new york" or "gmt+9". The database checks the name too (a zone it does not know is refused
 * with a clear message). A zone missing from this browser's list (say UTC) stays selectable.
 */
export function TimeZoneField({ value, onChange }: TimeZoneFieldProps) {
  const initialItems = useMemo(() => {
    const known = allZones();
    return known.some((zone) => zone.value === value)
      ? known
      : [{ value, label: `${value} (${offsetOf(value) || 'GMT'})` }, ...known];
  }, [value]);
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection({ initialItems, filter: contains });
  const selected = initialItems.find((zone) => zone.value === value);

  return (
    <Field.Root>
      <Combobox.Root
        collection={collection}
        value={[value]}
        defaultInputValue={selected?.label ?? value}
        // The chosen zone's own label in the box lists every zone again, not only that one.
        onInputValueChange={(details) => filter(details.inputValue === selected?.label ? '' : details.inputValue)}
        onValueChange={(details) => {
          if (details.value[0]) onChange(details.value[0]);
        }}
        openOnClick
        selectionBehavior="replace"
        positioning={{ sameWidth: true }}
      >
        <Combobox.Label>Time zone</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder="Search a city or region" />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger aria-label="Show the time zones" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        {/* No portal: inside the dialog, so the list stays within its focus and layers. */}
        <Combobox.Positioner>
          <Combobox.Content maxH="60" overflowY="auto">
            <Combobox.Empty>No time zone matches</Combobox.Empty>
            {collection.items.map((zone) => (
              <Combobox.Item key={zone.value} item={zone} minH="11">
                {zone.label}
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <Field.HelperText>The schedule’s times are in it; calendar apps show them at the right moment.</Field.HelperText>
    </Field.Root>
  );
}
