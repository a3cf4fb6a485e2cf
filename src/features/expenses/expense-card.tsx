import { Badge, Button, Card, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEventCurrency } from './use-event-currency.ts';
import { format } from 'date-fns';
import { Receipt } from 'lucide-react';
import type { ExpenseRow } from './sync/expense-rows.ts';
import { CATEGORY_LABELS } from './categories.ts';
import { inEventCurrencyText, payersText } from './expense-display.ts';
import { formatMoney } from './money.ts';

interface ExpenseCardProps {
  expense: ExpenseRow;
  myUserId: string;
  /** The expense's author, its payer and the event's managers change it. */
  canEdit: boolean;
  nameOf(userId: string): string;
  onReceipt(): void;
  onEdit(): void;
  onDelete(): void;
}

/** One expense: who paid what and when, in the event's currency too, how it is split, my share. */
export function ExpenseCard({ expense, myUserId, canEdit, nameOf, onReceipt, onEdit, onDelete }: ExpenseCardProps) {
  const myShare = expense.shares.find((s) => s.user_id === myUserId)?.share_minor;
  const eventCurrency = useEventCurrency();
  return (
    <Card.Root as="article" aria-label={expense.title} variant="outline">
      <Card.Body gap="2" py="3">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0.5" minW="0">
            <Text fontWeight="semibold">{expense.title}</Text>
            <Text textStyle="sm" color="fg.muted">
              {payersText(expense, nameOf)} paid · {format(new Date(`${expense.spent_on}T00:00:00`), 'd MMM yyyy')}
            </Text>
          </Stack>
          <Stack gap="1" align="end" flexShrink="0">
            <Text fontWeight="semibold">{formatMoney(expense.amount_minor, expense.currency)}</Text>
            {expense.currency !== eventCurrency ? (
              <Text textStyle="xs" color="fg.muted">
                {inEventCurrencyText(expense, eventCurrency)}
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
              <Button size="xs" variant="outline" onClick={onReceipt}>
                <Receipt aria-hidden />
                Receipt
              </Button>
            ) : null}
            {canEdit ? (
              <>
                <Button size="xs" variant="outline" onClick={onEdit}>
                  Edit
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete}>
                  Delete
                </Button>
              </>
            ) : null}
          </Wrap>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
