import { HStack, Text } from '@chakra-ui/react';
import { balanceText } from './expense-display.ts';
import { useEventCurrency } from './use-event-currency.ts';

export const balanceColor = (value: number) => (value > 0 ? 'green.fg' : value < 0 ? 'red.fg' : 'fg.muted');

/** Each member's balance: gets, owes or settled. */
export function BalancesList({
  balance,
  nameOf,
}: {
  balance: ReadonlyMap<string, number>;
  nameOf(id: string): string;
}) {
  const currency = useEventCurrency();
  return [...balance.entries()].map(([id, value]) => (
    <HStack key={id} justify="space-between" gap="3" textStyle="sm">
      <Text truncate minW="0">
        {nameOf(id)}
      </Text>
      <Text color={balanceColor(value)} flexShrink="0">
        {balanceText(value, currency)}
      </Text>
    </HStack>
  ));
}
