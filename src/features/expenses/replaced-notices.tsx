import { ReplacedNotices as Notices } from '../../components/replaced-notices.tsx';
import type { ExpenseRow } from './sync/expense-rows.ts';
import { EXPENSE_EDIT_GROUPS } from './sync/expense-kinds.ts';
import { replacedValue } from './expense-display.ts';

/** The one conflict rule's notices for expenses, their values worded as money and categories. */
export function ReplacedNotices({
  expenses,
  myUserId,
  names,
}: {
  expenses: readonly ExpenseRow[];
  myUserId: string;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <Notices rows={expenses} groups={EXPENSE_EDIT_GROUPS} myUserId={myUserId} names={names} valueText={replacedValue} />
  );
}
