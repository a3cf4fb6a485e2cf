import { Card, Tabs, Text } from '@chakra-ui/react';
import { Scale } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { SectionCard } from '../../components/section-card.tsx';
import { UpgradeNotice } from '../../components/upgrade-prompt.tsx';
import { balanceColor } from './balances-list.tsx';
import { myBalanceText } from './expense-display.ts';
import { formatMoney } from './money.ts';
import { useEventCurrency } from './use-event-currency.ts';

interface ExpenseSectionsProps {
  expenseCount: number;
  /** My balance in the event's currency; null when balances are locked on this tier. */
  myBalance: number | null;
  myPaid: number;
  /** Shown where balances and settling up are locked on this tier. */
  lockedText: string | null;
  expenses: ReactNode;
  balances: ReactNode;
  paidPerPerson: ReactNode;
  settleUp: ReactNode;
}

/**
 * The money of an event in three sections one tap apart (Expenses, Balances, Settle up), under my
 * own balance: on a phone the expenses no longer push the balances thousands of pixels down.
 */
export function ExpenseSections(props: ExpenseSectionsProps) {
  const [section, setSection] = useState('expenses');
  const currency = useEventCurrency();
  const locked = props.lockedText ? <UpgradeNotice tier="starter">{props.lockedText}</UpgradeNotice> : null;
  return (
    <>
      <Card.Root as="section" aria-label="Your balance" variant="subtle" mb="4">
        <Card.Body py="3">
          {props.myBalance === null ? (
            <Text fontWeight="semibold">You paid {formatMoney(props.myPaid, currency)}</Text>
          ) : (
            <Text fontWeight="semibold" textStyle="lg" color={balanceColor(props.myBalance)}>
              {myBalanceText(props.myBalance, currency)}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
      <Tabs.Root value={section} onValueChange={(d) => setSection(d.value)} variant="enclosed" fitted lazyMount>
        <Tabs.List mb="4" w="full">
          <Tabs.Trigger value="expenses" minH="11">
            Expenses
          </Tabs.Trigger>
          <Tabs.Trigger value="balances" minH="11">
            Balances
          </Tabs.Trigger>
          <Tabs.Trigger value="settle" minH="11">
            Settle up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="expenses" pt="0" display="flex" flexDirection="column" gap="3">
          {props.expenseCount > 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {props.expenseCount === 1 ? '1 expense' : `${props.expenseCount} expenses`}, newest first
            </Text>
          ) : null}
          {props.expenses}
        </Tabs.Content>
        <Tabs.Content value="balances" pt="0" display="flex" flexDirection="column" gap="4">
          <SectionCard title="Balances" icon={<Scale size={18} aria-hidden />} gap="3">
            {locked ?? props.balances}
          </SectionCard>
          <SectionCard title="Paid per person">{props.paidPerPerson}</SectionCard>
        </Tabs.Content>
        <Tabs.Content value="settle" pt="0">
          <SectionCard title="Settle up" gap="3">
            {locked ?? props.settleUp}
          </SectionCard>
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
