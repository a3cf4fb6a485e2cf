import { Box, Field, Input, List, Stack, Text } from '@chakra-ui/react';
import { AppDialog, DialogButtons } from '../../components/app-dialog.tsx';
import { useState, type ChangeEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import type { ScheduleItemRow } from './sync/schedule-rows.ts';
import { mutate } from '../../data/index.ts';
import { mutateErrorText } from '../events/index.ts';
import { scheduleItemsFromCsv, type ScheduleItemInput } from './csv-import.ts';
import { formatTimeRange } from './schedule-format.ts';
import { scheduleProblem, type ScheduleEvent, type Timed } from './schedule-helpers.ts';

interface Props {
  event: ScheduleEvent & { id: string };
  others: readonly ScheduleItemRow[];
  onClose(): void;
}

type Checked = { line: number; value: ScheduleItemInput } | { line: number; error: string };

/** Each row of the file, read and checked against the event's rules as the database would. */
function checkRows(text: string, event: ScheduleEvent, others: readonly Timed[]): Checked[] {
  const kept: Timed[] = [...others];
  return scheduleItemsFromCsv(text).map((row): Checked => {
    if ('error' in row) return row;
    const timed = { id: `line-${row.line}`, starts_at: row.value.startsAt, ends_at: row.value.endsAt };
    const problem = scheduleProblem(event, timed, kept);
    if (problem) return { line: row.line, error: problem };
    kept.push(timed);
    return row;
  });
}

/** Structured import (organizer): schedule items from a CSV file, previewed before anything is added. */
export function ScheduleImportDialog({ event, others, onClose }: Props) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<Checked[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const good = (rows ?? []).flatMap((row) => ('value' in row ? [row.value] : []));
  const bad = (rows ?? []).flatMap((row) => ('error' in row ? [row] : []));

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setError(null);
    if (!file) return;
    setFileName(file.name);
    if (file.size > 1_000_000) {
      setRows(null);
      return setError('The file is larger than 1 MB. Split it into smaller files.');
    }
    const checked = checkRows(await file.text(), event, others);
    setRows(checked);
    if (!checked.length) setError('The file has no rows to import.');
  }

  async function importRows() {
    setSaving(true);
    try {
      for (const item of good)
        await mutate('schedule.create', {
          eventId: event.id,
          title: item.title,
          starts_at: item.startsAt,
          ends_at: item.endsAt,
          location: item.location,
          notes: item.notes,
        });
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, 'Failed to import the items'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      title="Import schedule items"
      size="wide"
      onClose={onClose}
      footer={
        <DialogButtons
          onCancel={onClose}
          confirmLabel={good.length ? `Import ${good.length === 1 ? '1 item' : `${good.length} items`}` : 'Import'}
          onConfirm={() => void importRows()}
          isBusy={isSaving}
          isConfirmDisabled={!good.length}
          colorPalette="forest"
        />
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          A CSV file with the columns title, start and end (written YYYY-MM-DD HH:mm), and optionally location and
          notes. You see every row before anything is added.
        </Text>
        <Field.Root>
          <Field.Label>CSV file</Field.Label>
          <Input type="file" accept=".csv,text/csv" onChange={(e) => void pick(e)} p="1.5" />
        </Field.Root>
        {rows && rows.length ? (
          <Stack gap="3" aria-label={`Preview of ${fileName ?? 'the file'}`} role="region">
            <Text fontWeight="medium">
              {good.length === 1 ? '1 item' : `${good.length} items`} ready to import
              {bad.length ? `, ${bad.length === 1 ? '1 row' : `${bad.length} rows`} left out` : ''}.
            </Text>
            {good.length ? (
              <List.Root gap="1" ps="5" aria-label="Items to import">
                {good.map((item, i) => (
                  <List.Item key={i}>
                    <Text as="span" fontVariantNumeric="tabular-nums">
                      {item.startsAt.slice(0, 10)} {formatTimeRange({ starts_at: item.startsAt, ends_at: item.endsAt })}
                    </Text>{' '}
                    {item.title}
                    {item.location ? ` (${item.location})` : ''}
                  </List.Item>
                ))}
              </List.Root>
            ) : null}
            {bad.length ? (
              <Box borderWidth="1px" borderColor="red.emphasized" rounded="md" p="3">
                <List.Root gap="1" ps="5" aria-label="Rows left out" color="red.fg">
                  {bad.map((row) => (
                    <List.Item key={row.line}>
                      Line {row.line}: {row.error}
                    </List.Item>
                  ))}
                </List.Root>
              </Box>
            ) : null}
          </Stack>
        ) : null}
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
      </Stack>
    </AppDialog>
  );
}
