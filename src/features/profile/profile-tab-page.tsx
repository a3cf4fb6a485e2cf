import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ProfileTab } from '../../app/paths.ts';
import { tierLabel } from '../../access/tiers.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { ProfileDetails } from './profile-details.tsx';

const LATER: Record<'subscription' | 'friends' | 'notifications', { title: string; text: string }> = {
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
  if (tab === 'details') return <ProfileDetails />;
  const { title, text } = LATER[tab];
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
