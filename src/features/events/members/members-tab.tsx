import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { SearchInput } from '../../../components/search-input.tsx';
import { Crown, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { paths } from '../../../lib/paths.ts';
import type { MemberRow as Member } from '../index.ts';
import { isTempId } from '../../../sync/temp-ids.ts';
import { CopyButton } from '../copy-button.tsx';
import { JOIN_LINK_PENDING } from '../join-link-card.tsx';
import { FriendsToAdd } from './friends-to-add.tsx';
import { memberActionCheck } from './member-rules.ts';
import { MemberRow, type MemberAction } from './member-row.tsx';
import type { Feedback } from './use-dialog-feedback.ts';

interface MembersTabProps {
  eventId: string;
  members: Member[];
  myUserId: string | null;
  isManager: boolean;
  feedback: Feedback;
  onInvite(): void;
  /** The creator hands the event over (to the member picked, or to choose). */
  onTransfer?(userId: string | null): void;
}

const FALLBACKS: Record<MemberAction, string> = {
  'make-admin': 'Failed to change member role',
  'remove-admin': 'Failed to change member role',
  remove: 'Failed to remove member',
  transfer: 'Failed to transfer ownership',
};

/** Members tab: search, count, invite link, the member list and (managers) friends to add. */
export function MembersTab({ eventId, members, myUserId, isManager, feedback, onInvite, onTransfer }: MembersTabProps) {
  const [query, setQuery] = useState('');
  const link = `${window.location.origin}${paths.join.href(eventId)}`;
  const needle = query.trim().toLowerCase();
  const shown = needle ? members.filter((member) => (member.name ?? '').toLowerCase().includes(needle)) : members;

  function act(member: Member, action: MemberAction) {
    if (action === 'transfer') return onTransfer?.(member.user_id);
    const refusal = memberActionCheck(member, action, myUserId);
    if (refusal) return feedback.setError(refusal);
    const args = { eventId, userId: member.user_id };
    if (action === 'remove') void feedback.run('member.remove', args, FALLBACKS.remove);
    else
      void feedback.run(
        'member.set-role',
        { ...args, role: action === 'make-admin' ? 'admin' : 'member' },
        FALLBACKS[action],
      );
  }

  return (
    <Stack gap="5">
      {isTempId(eventId) ? (
        <Text color="fg.muted" textStyle="sm">
          {JOIN_LINK_PENDING}
        </Text>
      ) : (
        <Field.Root>
          <Field.Label>Invite link</Field.Label>
          <HStack w="full">
            <Input readOnly value={link} onFocus={(e) => e.target.select()} />
            <CopyButton text={link} onError={feedback.setError} />
          </HStack>
          <Field.HelperText>Share this link with others to invite them to this event</Field.HelperText>
        </Field.Root>
      )}
      <HStack gap="3" wrap={{ base: 'wrap', sm: 'nowrap' }}>
        <HStack flex="1" minW="12rem" position="relative">
          <SearchInput label="Search members..." value={query} onValue={setQuery} hasIcon />
        </HStack>
        {isManager ? (
          <Button onClick={onInvite} w={{ base: 'full', sm: 'auto' }}>
            <UserPlus aria-hidden />
            Invite Member
          </Button>
        ) : null}
      </HStack>
      <Text color="fg.muted" textStyle="sm" aria-live="polite">
        {members.length === 1 ? '1 member' : `${members.length} members`}
      </Text>
      {shown.length ? (
        <Stack as="ul" gap="0" maxH="24rem" overflowY="auto" listStyleType="none" aria-label="Members" tabIndex={0}>
          {shown.map((member) => (
            <MemberRow
              key={member.key}
              member={member}
              isMe={member.user_id === myUserId}
              hasMenu={isManager && member.user_id !== myUserId}
              canTransfer={Boolean(onTransfer)}
              onAction={(action) => act(member, action)}
            />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted" py="4" textAlign="center">
          No members found
        </Text>
      )}
      {onTransfer && members.length > 1 ? (
        <Button variant="outline" alignSelf={{ base: 'stretch', sm: 'start' }} onClick={() => onTransfer(null)}>
          <Crown aria-hidden />
          Transfer ownership
        </Button>
      ) : null}
      {isManager ? <FriendsToAdd eventId={eventId} members={members} feedback={feedback} /> : null}
    </Stack>
  );
}
