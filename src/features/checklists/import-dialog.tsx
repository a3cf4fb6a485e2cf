import { Box, Field, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog, DialogButtons } from '../../components/app-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate } from '../../data/index.ts';
import type { RowResult } from '../../lib/csv.ts';
import { mutateErrorText } from '../events/index.ts';
import { matchImportRows, type ImportItem, type Member } from './checklist-rules.ts';
import { formatDue } from './checklist-item-row.tsx';
import { checklistItemsFromCsv } from './csv-import.ts';

const MAX_BYTES = 1_000_000;

interface ImportDialogProps {
  listTitle: string;
  checklistId: string;
  eventId: string;
  members: readonly Member[];
  nameOf(userId: string): string;
  onClose(): void;
  onImported(count: number): void;
}

/** Structured import: items from a CSV file, previewed with a reason for each row that cannot be taken. */
export function ImportDialog({
  listTitle,
  checklistId,
  eventId,
  members,
  nameOf,
  onClose,
  onImported,
}: ImportDialogProps) {
  const [rows, setRows] = useState<RowResult<ImportItem>[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const good = (rows ?? []).flatMap((r) => ('value' in r ? [r] : []));
  const bad = (rows ?? []).flatMap((r) => ('error' in r ? [r] : []));

  async function read(file: File | undefined) {
    setRows(null);
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) return setError('The file is too large (1 MB at most).');
    const result = matchImportRows(checklistItemsFromCsv(await file.text()), members);
    if (result.length === 0) return setError('The file has no rows to import.');
    setRows(result);
  }

  async function importRows() {
    try {
      for (const { value } of good) {
        await mutate('checklist-item.add', {
          checklistId,
          eventId,
          text: value.text,
          quantity: value.quantity,
          assigneeId: value.assigneeId,
          dueDate: value.dueDate,
        });
      }
      onImported(good.length);
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, 'The items could not be imported.'));
    }
  }

  return (
    <AppDialog
      title={`Import items into ${listTitle}`}
      size="wide"
      onClose={onClose}
      footer={
        <DialogButtons
          onCancel={onClose}
          confirmLabel={good.length === 1 ? 'Import 1 item' : `Import ${good.length} items`}
          onConfirm={() => void importRows()}
          isConfirmDisabled={good.length === 0}
        />
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          A CSV file with an &quot;item&quot; column, and optionally &quot;quantity&quot;, &quot;due&quot; (YYYY-MM-DD)
          and &quot;assignee&quot; (a member&apos;s name or email).
        </Text>
        <Field.Root>
          <Field.Label>CSV file</Field.Label>
          <Input type="file" accept=".csv,text/csv" p="1.5" onChange={(e) => void read(e.target.files?.[0])} />
        </Field.Root>
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        {rows ? (
          <Stack gap="3">
            <Box>
              <Text fontWeight="semibold">
                {good.length === 1 ? '1 item ready to import' : `${good.length} items ready to import`}
              </Text>
              <List.Root as="ul" ps="5" aria-label="Items to import">
                {good.map(({ line, value }) => (
                  <List.Item key={line}>
                    {[
                      `${value.text}${value.quantity > 1 ? ` ×${value.quantity}` : ''}`,
                      value.assigneeId ? nameOf(value.assigneeId) : null,
                      value.dueDate ? `due ${formatDue(value.dueDate)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
            {bad.length ? (
              <Box role="alert">
                <Text fontWeight="semibold" color="fg.error">
                  {bad.length === 1 ? '1 row will be left out' : `${bad.length} rows will be left out`}
                </Text>
                <List.Root as="ul" ps="5" aria-label="Rows left out">
                  {bad.map(({ line, error: reason }) => (
                    <List.Item key={line}>{`Line ${line}: ${reason}`}</List.Item>
                  ))}
                </List.Root>
              </Box>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
