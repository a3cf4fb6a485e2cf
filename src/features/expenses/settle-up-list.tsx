import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, Lock } from 'lucide-react';
import type { SettlementRow } from './sync/expense-rows.ts';
import { settlementText } from './expense-display.ts';
import { formatMoney, type Transfer } from './money.ts';
import { useEventCurrency } from './use-event-currency.ts';

interface SettleUpListProps {
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

/**
 * The suggested payments to settle up and the payments recorded. A payment is a small card that
 * fits a 360 px phone: who pays whom on one line (long names cut with an ellipsis, each to at most
 * half the line so a short one stays whole; never wrapped over lines), the amount beside it, the two buttons under them.
 */
export function SettleUpList(props: SettleUpListProps) {
  const { plan, settlements, canSettleInCurrency, canUndo, nameOf } = props;
  const currency = useEventCurrency();
  return (
    <Stack gap="4">
      {plan.length ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Suggested payments">
          {plan.map((t) => (
            <Card.Root as="li" key={`${t.from}-${t.to}`} variant="outline" size="sm">
              <Card.Body gap="2">
                <HStack justify="space-between" gap="2" minW="0">
                  <HStack gap="1" minW="0" flex="1">
                    <Text truncate minW="0" maxW="50%" title={nameOf(t.from)}>
                      {nameOf(t.from)}
                    </Text>
                    <ArrowRight size={14} aria-label="pays" style={{ flexShrink: 0 }} />
                    <Text truncate minW="0" maxW="50%" title={nameOf(t.to)}>
                      {nameOf(t.to)}
                    </Text>
                  </HStack>
                  <Text fontWeight="semibold" flexShrink="0">
                    {formatMoney(t.amount, currency)}
                  </Text>
                </HStack>
                <HStack gap="2" wrap="wrap">
                  <Button size="sm" h="11" flex="1 0 auto" variant="outline" onClick={() => props.onRecord(t)}>
                    Record payment
                  </Button>
                  <Button
                    size="sm"
                    h="11"
                    flex="1 0 auto"
                    variant="ghost"
                    aria-label={`Pay in another currency: ${nameOf(t.from)} to ${nameOf(t.to)}`}
                    title="Paid in another currency"
                    onClick={() => props.onSettleInCurrency(t)}
                  >
                    {canSettleInCurrency ? null : <Lock aria-hidden />}
                    Other currency
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          Everyone is settled up.
        </Text>
      )}
      {settlements.length ? (
        <Stack gap="2">
          <Heading as="h3" textStyle="sm">
            Payments recorded
          </Heading>
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Payments recorded">
            {settlements.map((s) => (
              <HStack as="li" key={s.id} justify="space-between" textStyle="sm" gap="2">
                <Text minW="0">{settlementText(s, nameOf)}</Text>
                {canUndo(s) ? (
                  <Button size="sm" h="11" variant="ghost" flexShrink="0" onClick={() => props.onUndo(s)}>
                    Undo
                  </Button>
                ) : null}
              </HStack>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
