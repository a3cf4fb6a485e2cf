import { Badge, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { EllipsisVertical } from 'lucide-react';
import type { MemberRow as Member } from '../../db/row-schemas.ts';
import { formatDay } from '../events/event-format.ts';
import { MemberAvatar } from '../events/member-avatar.tsx';

export type MemberAction = 'make-admin' | 'remove-admin' | 'remove';

interface MemberRowProps {
  member: Member;
  isMe: boolean;
  /** The manager menu: for managers, on other people's rows. */
  hasMenu: boolean;
  onAction(action: MemberAction): void;
}

/** One member: avatar, name, (You), Creator/Admin badge, joined date, and the manager menu. */
export function MemberRow({ member, isMe, hasMenu, onAction }: MemberRowProps) {
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
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={(details) => onAction(details.value as MemberAction)}
        >
          <Menu.Trigger asChild>
            <IconButton variant="ghost" size="sm" aria-label={`Manage ${name}`}>
              <EllipsisVertical />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="12rem">
                {member.role === 'admin' ? (
                  <Menu.Item value="remove-admin">Remove Admin Role</Menu.Item>
                ) : (
                  <Menu.Item value="make-admin">Make Admin</Menu.Item>
                )}
                <Menu.Item value="remove" color="fg.error">
                  Remove from Event
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
    </HStack>
  );
}
