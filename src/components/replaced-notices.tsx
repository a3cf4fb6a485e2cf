import { Alert, Button } from '@chakra-ui/react';
import { useSeenReplacements, type ReplacedEdit } from './seen-replacements.ts';

/** A replaced value in words: its fields' values, empty ones left out. */
function replacedText(entry: ReplacedEdit): string {
  return Object.values(entry.value)
    .filter((value) => value !== null && value !== '' && value !== undefined)
    .map((value) => (typeof value === 'object' ? JSON.stringify(value) : String(value)))
    .join(', ');
}

/** A row of a synced page under the one conflict rule: what the notice names it by, and what it keeps. */
export interface ReplacedRow {
  id: string;
  /** The row's name in the notice (an item's text, a ride's departure). */
  title: string;
  replaced?: readonly ReplacedEdit[];
}

/**
 * My changes that another member's later change replaced while we both edited (any synced page),
 * until I dismiss them on this device. `valueText` words a replaced value where the page knows
 * better than listing the fields (an amount, a category).
 */
export function ReplacedNotices({
  rows,
  groups,
  myUserId,
  names,
  valueText = replacedText,
}: {
  rows: readonly ReplacedRow[];
  /** The page's field groups (src/sync/edit-groups.ts), by the words the notice names them with. */
  groups: Readonly<Record<string, { readonly label: string }>>;
  myUserId: string;
  names: ReadonlyMap<string, string>;
  valueText?: (entry: ReplacedEdit) => string;
}) {
  const seen = useSeenReplacements();
  const replacedMine = rows.flatMap((row) =>
    (row.replaced ?? [])
      .filter((entry) => entry.by === myUserId && !seen.has(seen.keyOf(row.id, entry)))
      .map((entry) => ({ row, entry, key: seen.keyOf(row.id, entry) })),
  );
  return replacedMine.map(({ row, entry, key }) => (
    <Alert.Root key={key} status="warning" mb="3" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your change was replaced</Alert.Title>
        <Alert.Description>
          You and {entry.replaced_by ? (names.get(entry.replaced_by) ?? 'another member') : 'another member'} changed
          the {groups[entry.group]?.label ?? entry.group} of “{row.title}” at the same time. The later change stays;
          yours was “{valueText(entry)}”.
        </Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" alignSelf="center" minH="44px" onClick={() => seen.add(key)}>
        Dismiss
      </Button>
    </Alert.Root>
  ));
}
