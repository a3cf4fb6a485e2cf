import { Button, Field, Stack, Table, Text } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field.tsx';
import { AppDialog } from '../../components/app-dialog.tsx';
import { useMemo, useState } from 'react';
import type { Tier } from '../../access/tiers.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate, useMutationState } from '../../data/index.ts';
import type { MemberRow } from '../events/index.ts';
import { UpgradeNotice } from '../../components/upgrade-prompt.tsx';
import { importBatches, toImportMessages } from './whatsapp-batches.ts';
import { exportText } from './whatsapp-file.ts';
import { parseWhatsAppExport, senders, suggestMatches, type ParsedMessage } from './whatsapp-parser.ts';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const PREVIEW = 5;

interface Parsed {
  fileName: string;
  messages: ParsedMessage[];
  senders: Array<{ name: string; count: number }>;
}

interface ImportDialogProps {
  eventId: string;
  members: MemberRow[];
  lockedTier: Tier | null;
  onClose(): void;
}

/**
 * WhatsApp import (starter, the event's managers): choose the export, see what it holds, match each
 * sender to a member (or keep the name as imported), import. The server skips messages it already
 * has, so importing the same export again adds nothing.
 */
export function WhatsAppImportDialog({ eventId, members, lockedTier, onClose }: ImportDialogProps) {
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [matches, setMatches] = useState<Record<string, string | null>>({});
  const [error, setError] = useState<string | null>(null);
  const [isReading, setReading] = useState(false);
  const [lastMutation, setLastMutation] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  const state = useMutationState(lastMutation);

  const texts = useMemo(() => parsed?.messages.filter((m) => !m.isSystem && !m.isMedia) ?? [], [parsed]);

  async function onFile(file: File | undefined) {
    setError(null);
    setParsed(null);
    setLastMutation(null);
    if (!file) return;
    setReading(true);
    try {
      const read = exportText(file.name, new Uint8Array(await file.arrayBuffer()));
      if (!read.ok) return setError(read.message);
      const messages = parseWhatsAppExport(read.text);
      const people = senders(messages.filter((m) => !m.isMedia));
      if (people.length === 0) return setError('No messages were found in this file. Choose a WhatsApp chat export.');
      setParsed({ fileName: file.name, messages, senders: people });
      setMatches(
        suggestMatches(
          people.map((p) => p.name),
          members,
        ),
      );
    } catch {
      setError('This file could not be read. Choose the .txt file, or the .zip that contains it.');
    } finally {
      setReading(false);
    }
  }

  async function onImport() {
    if (!parsed) return;
    const list = toImportMessages(
      texts.map((m) => ({ sentAt: new Date(m.localTime), sender: m.sender ?? '', body: m.body })),
      matches,
    );
    let last: string | null = null;
    try {
      for (const batch of importBatches(list)) {
        const queued = await mutate('chat.import-whatsapp', { eventId, batchId: crypto.randomUUID(), messages: batch });
        last = queued.mutationId;
      }
      setCount(list.length);
      setLastMutation(last);
    } catch {
      setError('The import could not be started. Try again.');
    }
  }

  const first = texts[0];
  const last = texts.at(-1);
  return (
    <AppDialog
      title="Import a WhatsApp chat"
      description="In WhatsApp, open the group, choose Export chat, and upload the .txt file or the .zip."
      size={{ base: lockedTier ? 'xs' : 'full', md: 'lg' }}
      scrollBehavior="inside"
      onClose={onClose}
      footer={
        parsed && !lockedTier ? (
          <>
            <Button variant="outline" onClick={onClose}>
              {lastMutation ? 'Close' : 'Cancel'}
            </Button>
            {lastMutation ? null : (
              <Button
                onClick={() => void onImport()}
              >{`Import ${texts.length.toLocaleString('en-US')} messages`}</Button>
            )}
          </>
        ) : null
      }
    >
      {lockedTier ? (
        <UpgradeNotice tier={lockedTier} />
      ) : (
        <Stack gap="4">
          <Field.Root invalid={Boolean(error)}>
            <Field.Label htmlFor="chat-import-file">Chat export (.txt or .zip)</Field.Label>
            <input
              id="chat-import-file"
              type="file"
              accept=".txt,.zip,text/plain,application/zip"
              disabled={isReading}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
          </Field.Root>
          {parsed && first && last ? (
            <>
              <Text role="status">
                {`${texts.length.toLocaleString('en-US')} messages from ${parsed.senders.length} ${
                  parsed.senders.length === 1 ? 'person' : 'people'
                }, ${whenFormat.format(new Date(first.localTime))} to ${whenFormat.format(new Date(last.localTime))}.`}
              </Text>
              {state.status === 'rejected' ? (
                <FormMessage status="error">{state.error?.message || 'The import failed. Try again.'}</FormMessage>
              ) : lastMutation && state.status === 'done' ? (
                <FormMessage status="success">
                  {`Import done: ${count.toLocaleString('en-US')} messages checked. Messages already in the chat were skipped.`}
                </FormMessage>
              ) : lastMutation ? (
                <FormMessage status="info">
                  {`Importing ${count.toLocaleString('en-US')} messages… They are sent when you are online.`}
                </FormMessage>
              ) : null}
              <Stack as="section" aria-label="Senders" gap="3">
                <Text fontWeight="semibold">Who is who</Text>
                {parsed.senders.map((s) => (
                  <SelectField
                    key={s.name}
                    label={`${s.name} (${s.count} ${s.count === 1 ? 'message' : 'messages'})`}
                    value={matches[s.name] ?? ''}
                    onChange={(value) => setMatches({ ...matches, [s.name]: value || null })}
                    options={[
                      { value: '', label: `Keep as “${s.name}” (imported name)` },
                      ...members.map((m) => ({ value: m.user_id, label: m.name ?? m.email ?? 'A member' })),
                    ]}
                  />
                ))}
              </Stack>
              <Stack as="section" aria-label="Preview" gap="2">
                <Text fontWeight="semibold">First messages</Text>
                <Table.Root size="sm" variant="outline">
                  <Table.Body>
                    {texts.slice(0, PREVIEW).map((m, i) => (
                      <Table.Row key={i}>
                        <Table.Cell whiteSpace="nowrap" verticalAlign="top">
                          {m.sender}
                        </Table.Cell>
                        <Table.Cell whiteSpace="pre-wrap" overflowWrap="anywhere">
                          {m.body}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Stack>
            </>
          ) : null}
        </Stack>
      )}
    </AppDialog>
  );
}
