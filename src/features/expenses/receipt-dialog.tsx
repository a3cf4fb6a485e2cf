import { Box, Image, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/app-dialog.tsx';
import type { ExpenseRow } from './sync/expense-rows.ts';
import { useQueuedPhoto } from '../../data/use-queued-photo.ts';
import { StatusSpinner } from '../../components/status-spinner.tsx';

/** An expense's receipt photo, full width; offline, the receipts not on this device say so. */
export function ReceiptDialog({ expense, onClose }: { expense: ExpenseRow; onClose(): void }) {
  const image = useQueuedPhoto(
    {
      bucket: 'receipts',
      kind: 'expense.attach-receipt',
      matches: (args) => args.expenseId === expense.id && args.path === expense.receipt_path,
    },
    expense.receipt_path,
  );
  const title = `Receipt: ${expense.title}`;
  return (
    <AppDialog title={title} size="wide" onClose={onClose}>
      {image.status === 'shown' ? (
        <Box>
          <Image src={image.url} alt={title} maxH="70vh" mx="auto" rounded="md" objectFit="contain" />
          {image.pending ? (
            <Text textStyle="sm" color="fg.muted" mt="2">
              Kept on this device; it is sent when you are online.
            </Text>
          ) : null}
        </Box>
      ) : image.status === 'loading' ? (
        <StatusSpinner label="Loading the receipt" />
      ) : image.status === 'offline' ? (
        <Text>You're offline. The receipt shows when you are back online.</Text>
      ) : (
        <Text>The receipt could not be loaded.</Text>
      )}
    </AppDialog>
  );
}
