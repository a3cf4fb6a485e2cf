import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { SearchInput } from '../../../components/search-input.tsx';
import { useState } from 'react';
import { useFriends } from '../../friends/index.ts';
import { MemberAvatar } from '../member-avatar.tsx';
import { friendsNotInEvent } from './member-rules.ts';
import type { MembersPanelProps } from './use-dialog-feedback.ts';

/** Friends who are not in the event yet, filterable by name or email, each one tap from joining. */
export function FriendsToAdd({ eventId, members, feedback }: MembersPanelProps) {
  const friends = useFriends();
  const [query, setQuery] = useState('');
  const memberIds = new Set(members.map((member) => member.user_id));
  const candidates = friends.filter((friend) => !memberIds.has(friend.id));
  if (!candidates.length) return null;
  const shown = friendsNotInEvent(friends, memberIds, query);
  return (
    <Stack as="section" aria-labelledby="friends-to-add" gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h3" id="friends-to-add" textStyle="sm">
        Friends not in this event
      </Heading>
      <SearchInput size="sm" label="Filter friends by name or email" value={query} onValue={setQuery} />
      <Stack as="ul" gap="2" listStyleType="none" maxH="16rem" overflowY="auto">
        {shown.map((friend) => (
          <HStack as="li" key={friend.id} gap="3">
            <MemberAvatar name={friend.name} avatar={friend.avatar} size="xs" />
            <Stack gap="0" flex="1" minW="0">
              <Text textStyle="sm" fontWeight="medium" truncate>
                {friend.name ?? friend.email}
              </Text>
              {friend.email ? (
                <Text textStyle="xs" color="fg.muted" truncate>
                  {friend.email}
                </Text>
              ) : null}
            </Stack>
            <Button
              size="xs"
              variant="outline"
              aria-label={`Add ${friend.name ?? friend.email ?? 'friend'} to the event`}
              onClick={() =>
                void feedback.run(
                  'member.add',
                  {
                    eventId,
                    userId: friend.id,
                    role: 'member',
                    name: friend.name,
                    avatar: friend.avatar,
                    email: friend.email,
                  },
                  'Failed to add member',
                )
              }
            >
              Add
            </Button>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
