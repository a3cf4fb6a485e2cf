import { Alert, Badge, Box, Button, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { format } from 'date-fns';
import { ArrowRight, Download, Lock, Plus, Receipt, Scale } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { toEventMinor } from '../../db/currency.ts';
import { Link as RouterLink, useParams } from 'react-router';
import { tierRank } from '../../access/tiers.ts';
import { paths } from '../../app/paths.ts';
import { upgradeText } from '../../app/shell/event-links.ts';
import { PageHeader } from '../../components/page-header.tsx';
import type { ExpenseRow, ReplacedEdit } from '../../db/row-schemas.ts';
import { mutate, useEventLookup, useEventMembers, useRejectedChanges, useSyncStatus } from '../../data/index.ts';
import { useExpenses, useSettlements } from '../../data/use-expenses.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { ConfirmDialog, type ConfirmRequest } from '../dashboard/confirm-dialog.tsx';
import { isManagerRole } from '../events/event-rules.ts';
import { UpgradeDialog, type UpgradeRequest } from '../schedule/upgrade-dialog.tsx';
import { CATEGORY_LABELS } from './categories.ts';
import {
  balances,
  expenseInEventCurrency,
  formatMoney,
  formatRate,
  paidTotals,
  settleUp,
  type Transfer,
} from './money.ts';
import { useSeenReplacements } from './seen-replacements.ts';
import { NotAMember, PageLoading, RefusedChangeAlerts } from '../events/event-page-states.tsx';
import { downloadText } from '../../lib/download.ts';

const ExpenseDialog = lazy(async () => ({ default: (await import('./expense-dialog.tsx')).ExpenseDialog }));
const ReceiptDialog = lazy(async () => ({ default: (await import('./receipt-dialog.tsx')).ReceiptDialog }));
const SettleCurrencyDialog = lazy(async () => ({
  default: (await import('./settle-currency-dialog.tsx')).SettleCurrencyDialog,
}));

const GROUP_LABELS: Record<string, string> = {
  title: 'title',
  spent_on: 'date',
  category: 'category',
  money: 'amount and split',
  receipt: 'receipt',
};

/** What a replaced change had set, in a few words. */
function replacedValue(entry: ReplacedEdit): string {
  const v = entry.value;
  if (entry.group === 'money' && typeof v.amount_minor === 'number')
    return formatMoney(v.amount_minor, typeof v.currency === 'string' ? v.currency : 'CHF');
  if (entry.group === 'category' && typeof v.category === 'string')
    return CATEGORY_LABELS[v.category as keyof typeof CATEGORY_LABELS] ?? v.category;
  const first = Object.values(v)[0];
  return typeof first === 'string' ? first : '';
}

const SPLITTING: UpgradeRequest = {
  tier: 'starter',
  feature: 'Automated splitting divides expenses equally, keeps everyone’s balance and suggests who pays whom.',
};
const ADVANCED: UpgradeRequest = {
  tier: 'organizer',
  feature:
    'Advanced splitting divides an expense by shares, percentages or exact amounts, among several payers, in other currencies.',
};
const CURRENCY_SETTLING: UpgradeRequest = {
  tier: 'organizer',
  feature: 'Advanced splitting records payments made in another currency at a fixed rate.',
};
const EXPORTS: UpgradeRequest = {
  tier: 'starter',
  feature: 'Simple exports download the expenses and the balances as CSV files.',
};

const REFUSED_TITLES: Record<string, string> = {
  'expense.create': 'Could not add the expense',
  'expense.update': 'Could not save the expense',
  'expense.delete': 'Could not delete the expense',
  'settlement.record': 'Could not record the payment',
  'settlement.undo': 'Could not undo the payment',
  'expense.attach-receipt': 'Could not add the receipt',
};

const CSV = 'text/csv;charset=utf-8';

const fileName = (eventName: string, what: string) =>
  `${eventName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'event'}-${what}.csv`;

/** The event's Expenses page (route `/events/{id}/expenses`): who paid what, balances, settling up. */
export function ExpensesPage() {
  const { eventId = '' } = useParams();
  const lookup = useEventLookup(eventId);
  const members = useEventMembers(eventId);
  const expenses = useExpenses(eventId);
  const settlements = useSettlements(eventId);
  const rejected = useRejectedChanges();
  const hasSynced = useSyncStatus((status) => status.lastSyncedAt !== null);
  const myUserId = useAuthStore((state) => state.session?.user.id ?? null);
  const [editing, setEditing] = useState<ExpenseRow | 'new' | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [settleIn, setSettleIn] = useState<Transfer | null>(null);
  const [showReceipt, setShowReceipt] = useState<ExpenseRow | null>(null);
  const seen = useSeenReplacements();

  const names = useMemo(
    () => new Map(members.map((member) => [member.user_id, member.name ?? member.email ?? 'A member'])),
    [members],
  );
  const nameOf = (id: string) => (id === myUserId ? 'You' : (names.get(id) ?? 'A former member'));
  const memberIds = useMemo(() => members.map((m) => m.user_id), [members]);
  const balance = useMemo(() => balances(memberIds, expenses, settlements), [memberIds, expenses, settlements]);
  const plan = useMemo(() => settleUp(balance), [balance]);
  const paid = useMemo(() => paidTotals(expenses), [expenses]);
  // The rate last used for each currency in this event, to start the next one from.
  const lastRates = useMemo(() => {
    const out: Record<string, number> = {};
    const dated = [...expenses].sort((a, b) => a.created_at.localeCompare(b.created_at));
    for (const e of dated) if (e.currency !== 'CHF' && e.rate_e6) out[e.currency] = e.rate_e6;
    for (const s of settlements) if (s.paid_currency && s.paid_rate_e6) out[s.paid_currency] = s.paid_rate_e6;
    return out;
  }, [expenses, settlements]);

  if (lookup.status === 'loading' || (lookup.status === 'missing' && !hasSynced)) {
    return <PageLoading text="Loading the expenses..." />;
  }
  const me = members.find((member) => member.user_id === myUserId);
  if (lookup.status === 'missing' || !me) {
    return <NotAMember />;
  }
  const event = lookup.event;
  const isManager = isManagerRole(me.role);
  const canSplit = tierRank(event.access_tier) >= tierRank('starter');
  const canSplitAdvanced = tierRank(event.access_tier) >= tierRank('organizer');
  const total = expenses.reduce((sum, e) => sum + (e.amount_event_minor ?? toEventMinor(e.amount_minor, e.rate_e6)), 0);
  // My changes that another member's later change replaced while we both edited, not yet seen.
  const replacedMine = expenses.flatMap((expense) =>
    (expense.replaced ?? [])
      .filter((entry) => entry.by === myUserId && !seen.has(seen.keyOf(expense.id, entry)))
      .map((entry) => ({ expense, entry })),
  );
  const expenseIds = new Set(expenses.map((e) => e.id));
  const refused = rejected.changes.filter((change) => {
    if (!change.kind.startsWith('expense.') && !change.kind.startsWith('settlement.')) return false;
    const args = (change.args ?? {}) as { eventId?: string; id?: string };
    return args.eventId === event.id || (args.id !== undefined && expenseIds.has(args.id));
  });
  const people = members.map((m) => ({ id: m.user_id, name: names.get(m.user_id) ?? 'A member' }));

  const exportExpenses = async () => {
    if (!canSplit) return setUpgrade(EXPORTS);
    const { expensesCsv } = await import('./expense-csv.ts');
    downloadText(
      fileName(event.name, 'expenses'),
      expensesCsv(expenses, (id) => names.get(id) ?? 'A former member'),
      CSV,
    );
  };
  const exportBalances = async () => {
    if (!canSplit) return setUpgrade(EXPORTS);
    const { balancesCsv } = await import('./expense-csv.ts');
    const inChf = expenses.filter((e) => e.shares.length).map(expenseInEventCurrency);
    const partOf = (parts: { user_id: string; share_minor: number }[], id: string) =>
      parts.find((p) => p.user_id === id)?.share_minor ?? 0;
    const rows = [...balance.keys()].map((id) => {
      const paidSplit = inChf.reduce((s, e) => s + partOf(e.paid, id), 0);
      const share = inChf.reduce((s, e) => s + partOf(e.owed, id), 0);
      return {
        name: names.get(id) ?? 'A former member',
        paid: paidSplit,
        share,
        settled: balance.get(id)! - paidSplit + share,
        balance: balance.get(id)!,
      };
    });
    downloadText(fileName(event.name, 'balances'), balancesCsv(rows), CSV);
  };

  const deleteExpense = (expense: ExpenseRow) =>
    setConfirm({
      title: 'Delete this expense?',
      body: `"${expense.title}" (${formatMoney(expense.amount_minor, expense.currency)}) will be removed for everyone.`,
      confirmLabel: 'Delete expense',
      isDestructive: true,
      onConfirm: () => void mutate('expense.delete', { id: expense.id }),
    });

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
      {replacedMine.map(({ expense, entry }) => (
        <Alert.Root key={seen.keyOf(expense.id, entry)} status="warning" mb="3" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your change was replaced</Alert.Title>
            <Alert.Description>
              You and {entry.replaced_by ? (names.get(entry.replaced_by) ?? 'another member') : 'another member'}{' '}
              changed the {GROUP_LABELS[entry.group] ?? entry.group} of “{expense.title}” at the same time. The later
              change stays; yours was “{replacedValue(entry)}”.
            </Alert.Description>
          </Alert.Content>
          <Button
            size="xs"
            variant="outline"
            alignSelf="center"
            onClick={() => seen.add(seen.keyOf(expense.id, entry))}
          >
            Dismiss
          </Button>
        </Alert.Root>
      ))}

      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3" mb="4">
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="forest" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add expense
          </Button>
          <Button variant="outline" onClick={() => void exportExpenses()}>
            {canSplit ? <Download aria-hidden /> : <Lock aria-hidden />}
            Expenses CSV
          </Button>
          <Button variant="outline" onClick={() => void exportBalances()}>
            {canSplit ? <Download aria-hidden /> : <Lock aria-hidden />}
            Balances CSV
          </Button>
        </HStack>
        <Text alignSelf={{ md: 'center' }} fontWeight="medium">
          Total spent: {formatMoney(total)}
        </Text>
      </Stack>

      <Stack direction={{ base: 'column', lg: 'row' }} gap="6" align="start">
        <Stack as="section" aria-label="All expenses" gap="3" flex="1" minW="0" w="full">
          <Heading as="h2" textStyle="lg">
            Expenses ({expenses.length})
          </Heading>
          {expenses.length === 0 ? (
            <Text color="fg.muted">Nothing recorded yet. Add the first expense.</Text>
          ) : (
            expenses.map((expense) => {
              const canEdit = isManager || expense.created_by === myUserId || expense.paid_by === myUserId;
              const myShare = expense.shares.find((s) => s.user_id === myUserId)?.share_minor;
              return (
                <Card.Root key={expense.id} as="article" aria-label={expense.title} variant="outline">
                  <Card.Body gap="2" py="3">
                    <HStack justify="space-between" align="start" gap="3">
                      <Stack gap="0.5" minW="0">
                        <Text fontWeight="semibold">{expense.title}</Text>
                        <Text textStyle="sm" color="fg.muted">
                          {expense.payers?.length
                            ? [...expense.payers]
                                .sort((a, b) => b.paid_minor - a.paid_minor)
                                .map((p) => nameOf(p.user_id))
                                .join(' and ')
                            : nameOf(expense.paid_by)}{' '}
                          paid · {format(new Date(`${expense.spent_on}T00:00:00`), 'd MMM yyyy')}
                        </Text>
                      </Stack>
                      <Stack gap="1" align="end" flexShrink="0">
                        <Text fontWeight="semibold">{formatMoney(expense.amount_minor, expense.currency)}</Text>
                        {expense.currency !== 'CHF' ? (
                          <Text textStyle="xs" color="fg.muted">
                            {formatMoney(
                              expense.amount_event_minor ?? toEventMinor(expense.amount_minor, expense.rate_e6),
                            )}{' '}
                            at {formatRate(expense.rate_e6 ?? 1_000_000)}
                          </Text>
                        ) : null}
                        <Badge size="sm" variant="subtle">
                          {CATEGORY_LABELS[expense.category as keyof typeof CATEGORY_LABELS] ?? expense.category}
                        </Badge>
                      </Stack>
                    </HStack>
                    {expense.shares.length ? (
                      <Text textStyle="sm">
                        Split between {expense.shares.length}
                        {myShare !== undefined ? ` · your share ${formatMoney(myShare, expense.currency)}` : ''}
                      </Text>
                    ) : (
                      <Text textStyle="sm" color="fg.muted">
                        Not split
                      </Text>
                    )}
                    {canEdit || expense.receipt_path ? (
                      <Wrap gap="2">
                        {expense.receipt_path ? (
                          <Button size="xs" variant="outline" onClick={() => setShowReceipt(expense)}>
                            <Receipt aria-hidden />
                            Receipt
                          </Button>
                        ) : null}
                        {canEdit ? (
                          <>
                            <Button size="xs" variant="outline" onClick={() => setEditing(expense)}>
                              Edit
                            </Button>
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              onClick={() => deleteExpense(expense)}
                            >
                              Delete
                            </Button>
                          </>
                        ) : null}
                      </Wrap>
                    ) : null}
                  </Card.Body>
                </Card.Root>
              );
            })
          )}
        </Stack>

        <Stack gap="4" w={{ base: 'full', lg: '24rem' }} flexShrink="0">
          <Card.Root as="section" aria-label="Paid per person">
            <Card.Body gap="2">
              <Heading as="h2" textStyle="md">
                Paid per person
              </Heading>
              {members.map((m) => (
                <HStack key={m.user_id} justify="space-between" textStyle="sm">
                  <Text>{nameOf(m.user_id)}</Text>
                  <Text>{formatMoney(paid.get(m.user_id) ?? 0)}</Text>
                </HStack>
              ))}
            </Card.Body>
          </Card.Root>

          <Card.Root as="section" aria-label="Balances">
            <Card.Body gap="3">
              <HStack gap="2">
                <Scale size={18} aria-hidden />
                <Heading as="h2" textStyle="md">
                  Balances
                </Heading>
              </HStack>
              {canSplit ? (
                <>
                  {[...balance.entries()].map(([id, value]) => (
                    <HStack key={id} justify="space-between" textStyle="sm">
                      <Text>{nameOf(id)}</Text>
                      <Text color={value > 0 ? 'green.fg' : value < 0 ? 'red.fg' : 'fg.muted'}>
                        {value > 0
                          ? `gets ${formatMoney(value)}`
                          : value < 0
                            ? `owes ${formatMoney(-value)}`
                            : 'settled'}
                      </Text>
                    </HStack>
                  ))}
                  <Box borderTopWidth="1px" pt="3">
                    <Heading as="h3" textStyle="sm" mb="2">
                      Settle up
                    </Heading>
                    {plan.length ? (
                      <Stack as="ul" gap="2" listStyleType="none" aria-label="Suggested payments">
                        {plan.map((t) => (
                          <HStack as="li" key={`${t.from}-${t.to}`} justify="space-between" gap="2" textStyle="sm">
                            <HStack gap="1" wrap="wrap">
                              <Text>{nameOf(t.from)}</Text>
                              <ArrowRight size={14} aria-label="pays" />
                              <Text>{nameOf(t.to)}</Text>
                              <Text fontWeight="semibold">{formatMoney(t.amount)}</Text>
                            </HStack>
                            <HStack gap="1" flexShrink="0">
                              <Button
                                size="xs"
                                variant="outline"
                                onClick={() =>
                                  void mutate('settlement.record', {
                                    eventId: event.id,
                                    from_user: t.from,
                                    to_user: t.to,
                                    amount_minor: t.amount,
                                  })
                                }
                              >
                                Record payment
                              </Button>
                              <Button
                                size="xs"
                                variant="ghost"
                                aria-label={`Pay in another currency: ${nameOf(t.from)} to ${nameOf(t.to)}`}
                                title="Paid in another currency"
                                onClick={() => (canSplitAdvanced ? setSettleIn(t) : setUpgrade(CURRENCY_SETTLING))}
                              >
                                {canSplitAdvanced ? null : <Lock aria-hidden />}
                                Other currency
                              </Button>
                            </HStack>
                          </HStack>
                        ))}
                      </Stack>
                    ) : (
                      <Text textStyle="sm" color="fg.muted">
                        Everyone is settled up.
                      </Text>
                    )}
                  </Box>
                  {settlements.length ? (
                    <Box borderTopWidth="1px" pt="3">
                      <Heading as="h3" textStyle="sm" mb="2">
                        Payments recorded
                      </Heading>
                      <Stack as="ul" gap="2" listStyleType="none" aria-label="Payments recorded">
                        {settlements.map((s) => (
                          <HStack as="li" key={s.id} justify="space-between" textStyle="sm" gap="2">
                            <Text>
                              {nameOf(s.from_user)} paid {nameOf(s.to_user)} {formatMoney(s.amount_minor, s.currency)}
                              {s.paid_currency && s.paid_amount_minor && s.paid_rate_e6
                                ? ` (${formatMoney(s.paid_amount_minor, s.paid_currency)} at ${formatRate(s.paid_rate_e6)})`
                                : ''}
                            </Text>
                            {s.created_by === myUserId || isManager ? (
                              <Button
                                size="xs"
                                variant="ghost"
                                onClick={() => void mutate('settlement.undo', { id: s.id })}
                              >
                                Undo
                              </Button>
                            ) : null}
                          </HStack>
                        ))}
                      </Stack>
                    </Box>
                  ) : null}
                </>
              ) : (
                <Stack gap="2" align="start">
                  <Text textStyle="sm" fontWeight="medium">
                    <Lock size={14} aria-hidden style={{ display: 'inline', marginRight: 4 }} />
                    {upgradeText('starter')}
                  </Text>
                  <Text textStyle="sm" color="fg.muted">
                    {SPLITTING.feature}
                  </Text>
                  <Button asChild size="xs" colorPalette="forest">
                    <RouterLink to={paths.subscription.href()}>See plans</RouterLink>
                  </Button>
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      </Stack>

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
      {confirm ? <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} /> : null}
    </>
  );
}
