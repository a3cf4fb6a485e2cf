import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/app-dialog.tsx';
import { useDeferredValue, useState } from 'react';
import type { Tier } from '../../access/tiers.ts';
import { CHAT_SEARCH_LIMIT, useChatSearch } from './use-chat-messages.ts';
import type { MemberRow } from '../events/index.ts';
import { UpgradeNotice } from '../../components/upgrade-prompt.tsx';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface SearchDialogProps {
  eventId: string;
  members: MemberRow[];
  me: string;
  lockedTier: Tier | null;
  onClose(): void;
  onPick(messageId: string): void;
}

/** Search in the event's messages (extended chat): the newest matches first; picking one shows it in the chat. */
export function SearchDialog({ eventId, members, me, lockedTier, onClose, onPick }: SearchDialogProps) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useChatSearch(lockedTier ? null : eventId, deferred);
  const nameOf = (authorId: string | null, original: string | null) =>
    authorId === me ? 'You' : (members.find((m) => m.user_id === authorId)?.name ?? original ?? 'Former member');

  return (
    <AppDialog
      title="Search messages"
      size={{ base: lockedTier ? 'xs' : 'full', md: 'md' }}
      scrollBehavior="inside"
      onClose={onClose}
    >
      {lockedTier ? (
        <UpgradeNotice tier={lockedTier} />
      ) : (
        <Stack gap="4">
          <Field.Root>
            <Field.Label>Search for</Field.Label>
            <Input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Words in a message"
              fontSize="md"
            />
          </Field.Root>
          {deferred.trim() ? (
            <Text textStyle="sm" color="fg.muted" role="status">
              {results.length === 0
                ? 'No messages match.'
                : results.length >= CHAT_SEARCH_LIMIT
                  ? `The ${CHAT_SEARCH_LIMIT} newest matches:`
                  : `${results.length} ${results.length === 1 ? 'match' : 'matches'}:`}
            </Text>
          ) : null}
          <Stack as="ul" gap="2" listStyleType="none">
            {results.map((m) => (
              <li key={m.id}>
                <Button
                  variant="outline"
                  h="auto"
                  w="full"
                  py="2"
                  justifyContent="start"
                  textAlign="start"
                  whiteSpace="normal"
                  onClick={() => onPick(m.id)}
                >
                  <Stack gap="0.5" w="full">
                    <Text textStyle="xs" color="fg.muted">
                      {nameOf(m.author_id, m.original_sender_name)} · {whenFormat.format(new Date(m.created_at))}
                    </Text>
                    <Text textStyle="sm" lineClamp={3} fontWeight="normal">
                      {m.body}
                    </Text>
                  </Stack>
                </Button>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </AppDialog>
  );
}
