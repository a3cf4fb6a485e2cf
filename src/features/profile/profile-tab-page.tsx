import { Avatar, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { ProfileTab } from '../../app/paths.ts';
import { tierLabel } from '../../access/tiers.ts';
import { useAuthStore } from '../auth/auth-store.ts';

const DESCRIPTIONS: Record<Exclude<ProfileTab, 'details'>, { title: string; text: string }> = {
  notifications: {
    title: 'Notification settings',
    text: 'Choose which invitations and event changes CrewCamp tells you about.',
  },
  subscription: {
    title: 'Your subscription',
    text: 'Your plan, its limits and your billing period.',
  },
  friends: {
    title: 'Friends',
    text: 'The people you plan with most, ready to invite to your next event.',
  },
};

/** One tab of `/profile`. */
export function ProfileTabPage({ tab }: { tab: ProfileTab }) {
  const user = useAuthStore((state) => state.user);
  if (tab !== 'details') {
    const { title, text } = DESCRIPTIONS[tab];
    return (
      <Stack gap="2">
        <Heading as="h2" textStyle="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        {tab === 'subscription' && user ? <Text>Current plan: {tierLabel(user.tier)}</Text> : null}
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <Heading as="h2" textStyle="xl">
        Profile details
      </Heading>
      {user ? (
        <HStack gap="4">
          <Avatar.Root size="xl">
            <Avatar.Fallback name={user.name ?? user.email ?? undefined} />
            {user.avatar ? <Avatar.Image src={user.avatar} alt="" /> : null}
          </Avatar.Root>
          <Stack gap="0">
            <Text fontWeight="semibold" textStyle="lg">
              {user.name ?? user.email}
            </Text>
            <Text color="fg.muted">{user.email}</Text>
          </Stack>
        </HStack>
      ) : null}
    </Stack>
  );
}
