import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { ActionsMenu } from '../../../components/actions-menu.tsx';
import type { MemberRow as Member } from '../sync/member-rows.ts';
import { formatDay } from '../event-format.ts';
import { MemberAvatar } from '../member-avatar.tsx';

export type MemberAction = 'make-admin' | 'remove-admin' | 'remove' | 'transfer';

interface MemberRowProps {
  member: Member;
  isMe: boolean;
  /** The manager menu: for managers, on other people's rows. */
  hasMenu: boolean;
  /** The creator's menu also offers handing the event to this member. */
  canTransfer?: boolean;
  onAction(action: MemberAction): void;
}

/** One member: avatar, name, (You), Creator/Admin badge, joined date, and the manager menu. */
export function MemberRow({ member, isMe, hasMenu, canTransfer = false, onAction }: MemberRowProps) {
  const joined = formatDay(member.created_at);
  const name = member.name ?? 'Unknown member';
  return (
    <HStack as="li" gap="3" py="2" aria-label={name}>
      <MemberAvatar name={member.name} avatar={member.avatar} />
      <Stack gap="0" flex="1" minW="0">
        <HStack gap="2" minW="0">
          <Text fontWeight="medium" truncate>
            {name}
            {isMe ? (
              <Text as="span" color="fg.muted" fontWeight="normal">
                {' (You)'}
              </Text>
            ) : null}
          </Text>
          {member.role !== 'member' ? (
            <Badge size="sm" colorPalette={member.role === 'creator' ? 'ember' : 'forest'} variant="subtle">
              {member.role === 'creator' ? 'Creator' : 'Admin'}
            </Badge>
          ) : null}
        </HStack>
        <Text color="fg.muted" textStyle="xs">
          {joined ? `Joined ${joined}` : 'Unknown date'}
        </Text>
      </Stack>
      {hasMenu ? (
        <ActionsMenu<MemberAction>
          label={`Manage ${name}`}
          actions={[
            member.role === 'admin'
              ? { value: 'remove-admin', label: 'Remove Admin Role' }
              : { value: 'make-admin', label: 'Make Admin' },
            ...(canTransfer ? [{ value: 'transfer' as const, label: 'Transfer Ownership' }] : []),
            { value: 'remove', label: 'Remove from Event', isDanger: true },
          ]}
          onAction={onAction}
        />
      ) : null}
    </HStack>
  );
}
