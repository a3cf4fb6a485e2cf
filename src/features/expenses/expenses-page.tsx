import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Download, Lock, Plus } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { tierRank } from '../../access/tiers.ts';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RefusedChangeAlerts } from '../../components/page-states.tsx';
import { upgradeRequest, UpgradeDialog, type UpgradeRequest } from '../../components/upgrade-prompt.tsx';
import type { ExpenseRow } from './sync/expense-rows.ts';
import { mutate, useRejectedChanges } from '../../data/index.ts';
import { useExpenses, useSettlements } from './use-expenses.ts';
import { downloadText, fileNamePart } from '../../lib/download.ts';
import { EventPageFallback } from '../events/index.ts';
import { useEventPage } from '../events/index.ts';
import { BalancesList } from './balances-list.tsx';
import { ExpenseCard } from './expense-card.tsx';
import { balanceRows, lastRates as lastRatesOf, newestFirst, totalSpent } from './expense-display.ts';
import { ExpenseSections } from './expense-sections.tsx';
import { SettleUpList } from './settle-up-list.tsx';
import { balances, formatMoney, paidTotals, settleUp, type Transfer } from './money.ts';
import { currencyOf } from './sync/currency.ts';
import { ReplacedNotices } from './replaced-notices.tsx';

const ExpenseDialog = lazy(async () => ({ default: (await import('./expense-dialog.tsx')).ExpenseDialog }));
const ReceiptDialog = lazy(async () => ({ default: (await import('./receipt-dialog.tsx')).ReceiptDialog }));
const SettleCurrencyDialog = lazy(async () => ({
  default: (await import('./settle-currency-dialog.tsx')).SettleCurrencyDialog,
}));

const SPLITTING = upgradeRequest(
  'starter',
  'Automated splitting divides expenses equally, keeps everyone’s balance and suggests who pays whom.',
);
const ADVANCED = upgradeRequest(
  'organizer',
  'Advanced splitting divides an expense by shares, percentages or exact amounts, among several payers, in other currencies.',
);
const CURRENCY_SETTLING = upgradeRequest(
  'organizer',
  'Advanced splitting records payments made in another currency at a fixed rate.',
);
const EXPORTS = upgradeRequest('starter', 'Simple exports download the expenses and the balances as CSV files.');

const REFUSED_TITLES: Record<string, string> = {
  'expense.create': 'Could not add the expense',
  'expense.update': 'Could not save the expense',
  'expense.delete': 'Could not delete the expense',
  'settlement.record': 'Could not record the payment',
  'settlement.undo': 'Could not undo the payment',
  'expense.attach-receipt': 'Could not add the receipt',
};

const CSV = 'text/csv;charset=utf-8';

/** The event's Expenses page (route `/events/{id}/expenses`): who paid what, balances, settling up. */
export function ExpensesPage() {
  const { eventId = '' } = useParams();
  const page = useEventPage(eventId);
  const expenses = useExpenses(eventId);
  const settlements = useSettlements(eventId);
  const rejected = useRejectedChanges();
  const [editing, setEditing] = useState<ExpenseRow | 'new' | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [settleIn, setSettleIn] = useState<Transfer | null>(null);
  const [showReceipt, setShowReceipt] = useState<ExpenseRow | null>(null);

  const members = page.status === 'ready' ? page.members : null;
  const memberIds = useMemo(() => (members ?? []).map((m) => m.user_id), [members]);
  const balance = useMemo(() => balances(memberIds, expenses, settlements), [memberIds, expenses, settlements]);
  const plan = useMemo(() => settleUp(balance), [balance]);
  const paid = useMemo(() => paidTotals(expenses), [expenses]);
  // The rate last used for each currency in this event, to start the next one from.
  const lastRates = useMemo(() => lastRatesOf(expenses, settlements), [expenses, settlements]);
  const ordered = useMemo(() => newestFirst(expenses), [expenses]);

  if (page.status !== 'ready') return <EventPageFallback page={page} loadingText="Loading the expenses..." />;
  const { event, me, myUserId, isManager, names } = page;
  const currency = currencyOf(event);
  const nameOf = (id: string) => (id === myUserId ? 'You' : (names.get(id) ?? 'A former member'));
  const canSplit = tierRank(event.access_tier) >= tierRank('starter');
  const canSplitAdvanced = tierRank(event.access_tier) >= tierRank('organizer');
  const expenseIds = new Set(expenses.map((e) => e.id));
  const refused = rejected.changes.filter((change) => {
    if (!change.kind.startsWith('expense.') && !change.kind.startsWith('settlement.')) return false;
    const args = (change.args ?? {}) as { eventId?: string; id?: string };
    return args.eventId === event.id || (args.id !== undefined && expenseIds.has(args.id));
  });
  const people = page.members.map((m) => ({ id: m.user_id, name: names.get(m.user_id) ?? 'A member' }));
  const formerName = (id: string) => names.get(id) ?? 'A former member';

  const exportExpenses = async () => {
    if (!canSplit) return setUpgrade(EXPORTS);
    const { expensesCsv } = await import('./expense-csv.ts');
    downloadText(`${fileNamePart(event.name)}-expenses.csv`, expensesCsv(expenses, formerName, currency), CSV);
  };
  const exportBalances = async () => {
    if (!canSplit) return setUpgrade(EXPORTS);
    const { balancesCsv } = await import('./expense-csv.ts');
    const rows = balanceRows(expenses, balance).map((row) => ({ ...row, name: formerName(row.userId) }));
    downloadText(`${fileNamePart(event.name)}-balances.csv`, balancesCsv(rows, currency), CSV);
  };

  const deleteExpense = (expense: ExpenseRow) =>
    setConfirm({
      title: 'Delete this expense?',
      body: `"${expense.title}" (${formatMoney(expense.amount_minor, expense.currency)}) will be removed for everyone.`,
      confirmLabel: 'Delete expense',
      isDestructive: true,
      onConfirm: () => void mutate('expense.delete', { id: expense.id }),
    });
  const exportIcon = canSplit ? <Download aria-hidden /> : <Lock aria-hidden />;

  return (
    <>
      <PageHeader
        title="Expenses"
        description="Record who paid for what, so the crew can settle up fairly after the trip."
      />
      <RefusedChangeAlerts
        changes={refused}
        titleOf={(change) => REFUSED_TITLES[change.kind] ?? 'Could not change the expenses'}
        onDismiss={(id) => void rejected.discard(id)}
      />
      <ReplacedNotices expenses={expenses} myUserId={myUserId} names={names} />

      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3" mb="4">
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="forest" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add expense
          </Button>
          <Button variant="outline" onClick={() => void exportExpenses()}>
            {exportIcon}
            Expenses CSV
          </Button>
          <Button variant="outline" onClick={() => void exportBalances()}>
            {exportIcon}
            Balances CSV
          </Button>
        </HStack>
        <Text alignSelf={{ md: 'center' }} fontWeight="medium">
          Total spent: {formatMoney(totalSpent(expenses), currency)}
        </Text>
      </Stack>

      <ExpenseSections
        expenseCount={expenses.length}
        myBalance={canSplit ? (balance.get(myUserId) ?? 0) : null}
        myPaid={paid.get(myUserId) ?? 0}
        lockedText={canSplit ? null : SPLITTING.description}
        expenses={
          expenses.length === 0 ? (
            <Text color="fg.muted">Nothing recorded yet. Add the first expense.</Text>
          ) : (
            ordered.map((expense) => (
              <ExpenseCard
                key={expense.id}
                expense={expense}
                myUserId={myUserId}
                canEdit={isManager || expense.created_by === myUserId || expense.paid_by === myUserId}
                nameOf={nameOf}
                onReceipt={() => setShowReceipt(expense)}
                onEdit={() => setEditing(expense)}
                onDelete={() => deleteExpense(expense)}
              />
            ))
          )
        }
        balances={<BalancesList balance={balance} nameOf={nameOf} />}
        paidPerPerson={page.members.map((m) => (
          <HStack key={m.user_id} justify="space-between" gap="3" textStyle="sm">
            <Text truncate minW="0">
              {nameOf(m.user_id)}
            </Text>
            <Text flexShrink="0">{formatMoney(paid.get(m.user_id) ?? 0, currency)}</Text>
          </HStack>
        ))}
        settleUp={
          <SettleUpList
            plan={plan}
            settlements={settlements}
            canSettleInCurrency={canSplitAdvanced}
            canUndo={(s) => s.created_by === myUserId || isManager}
            nameOf={nameOf}
            onRecord={(t) =>
              void mutate('settlement.record', {
                eventId: event.id,
                from_user: t.from,
                to_user: t.to,
                amount_minor: t.amount,
              })
            }
            onSettleInCurrency={(t) => (canSplitAdvanced ? setSettleIn(t) : setUpgrade(CURRENCY_SETTLING))}
            onUndo={(s) => void mutate('settlement.undo', { id: s.id })}
          />
        }
      />

      <Suspense fallback={null}>
        {editing ? (
          <ExpenseDialog
            eventId={event.id}
            expense={editing === 'new' ? undefined : editing}
            people={people}
            myUserId={me.user_id}
            canSplit={canSplit}
            canSplitAdvanced={canSplitAdvanced}
            lastRates={lastRates}
            onUpgrade={(tier) => setUpgrade(tier === 'starter' ? SPLITTING : ADVANCED)}
            onClose={() => setEditing(null)}
          />
        ) : null}
        {showReceipt ? <ReceiptDialog expense={showReceipt} onClose={() => setShowReceipt(null)} /> : null}
        {settleIn ? (
          <SettleCurrencyDialog
            eventId={event.id}
            transfer={settleIn}
            nameOf={nameOf}
            lastRates={lastRates}
            onClose={() => setSettleIn(null)}
          />
        ) : null}
      </Suspense>
      {upgrade ? <UpgradeDialog request={upgrade} onClose={() => setUpgrade(null)} /> : null}
      {confirm ? <ConfirmDialog {...confirm} onClose={() => setConfirm(null)} /> : null}
    </>
  );
}
