import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, Lock } from 'lucide-react';
import type { SettlementRow } from './sync/expense-rows.ts';
import { balanceText, settlementText } from './expense-display.ts';
import { formatMoney, type Transfer } from './money.ts';

interface BalancesListProps {
  balance: ReadonlyMap<string, number>;
  plan: readonly Transfer[];
  settlements: readonly SettlementRow[];
  /** Payments in another currency are advanced splitting (organizer). */
  canSettleInCurrency: boolean;
  canUndo(settlement: SettlementRow): boolean;
  nameOf(userId: string): string;
  onRecord(transfer: Transfer): void;
  onSettleInCurrency(transfer: Transfer): void;
  onUndo(settlement: SettlementRow): void;
}

const balanceColor = (value: number) => (value > 0 ? 'green.fg' : value < 0 ? 'red.fg' : 'fg.muted');

/** Each member's balance, the suggested payments to settle up, and the payments recorded. */
export function BalancesList(props: BalancesListProps) {
  const { balance, plan, settlements, canSettleInCurrency, canUndo, nameOf } = props;
  return (
    <>
      {[...balance.entries()].map(([id, value]) => (
        <HStack key={id} justify="space-between" textStyle="sm">
          <Text>{nameOf(id)}</Text>
          <Text color={balanceColor(value)}>{balanceText(value)}</Text>
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
                  <Button size="xs" variant="outline" onClick={() => props.onRecord(t)}>
                    Record payment
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={`Pay in another currency: ${nameOf(t.from)} to ${nameOf(t.to)}`}
                    title="Paid in another currency"
                    onClick={() => props.onSettleInCurrency(t)}
                  >
                    {canSettleInCurrency ? null : <Lock aria-hidden />}
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
                <Text>{settlementText(s, nameOf)}</Text>
                {canUndo(s) ? (
                  <Button size="xs" variant="ghost" onClick={() => props.onUndo(s)}>
                    Undo
                  </Button>
                ) : null}
              </HStack>
            ))}
          </Stack>
        </Box>
      ) : null}
    </>
  );
}
