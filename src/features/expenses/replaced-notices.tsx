import { Alert, Button } from '@chakra-ui/react';
import type { ExpenseRow } from './sync/expense-rows.ts';
import { replacedValue } from './expense-display.ts';
import { useSeenReplacements } from './seen-replacements.ts';

const GROUP_LABELS: Record<string, string> = {
  title: 'title',
  spent_on: 'date',
  category: 'category',
  money: 'amount and split',
  receipt: 'receipt',
};

/**
 * My changes that another member's later change replaced while we both edited, until I dismiss
 * them (on this device).
 */
export function ReplacedNotices({
  expenses,
  myUserId,
  names,
}: {
  expenses: readonly ExpenseRow[];
  myUserId: string;
  names: ReadonlyMap<string, string>;
}) {
  const seen = useSeenReplacements();
  const replacedMine = expenses.flatMap((expense) =>
    (expense.replaced ?? [])
      .filter((entry) => entry.by === myUserId && !seen.has(seen.keyOf(expense.id, entry)))
      .map((entry) => ({ expense, entry, key: seen.keyOf(expense.id, entry) })),
  );
  return replacedMine.map(({ expense, entry, key }) => (
    <Alert.Root key={key} status="warning" mb="3" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your change was replaced</Alert.Title>
        <Alert.Description>
          You and {entry.replaced_by ? (names.get(entry.replaced_by) ?? 'another member') : 'another member'} changed
          the {GROUP_LABELS[entry.group] ?? entry.group} of “{expense.title}” at the same time. The later change stays;
          yours was “{replacedValue(entry)}”.
        </Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" alignSelf="center" onClick={() => seen.add(key)}>
        Dismiss
      </Button>
    </Alert.Root>
  ));
}
