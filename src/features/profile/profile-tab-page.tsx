import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ProfileTab } from '../../lib/paths.ts';
import { tierLabel } from '../../access/tiers.ts';
import { useAuthStore } from '../auth/index.ts';
import { useProfile } from './use-profile.ts';
import { NotificationSettingsForm } from './notification-settings-form.tsx';
import { ProfileDetails } from './profile-details.tsx';

const LATER: Record<'subscription' | 'friends', { title: string; text: string }> = {
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
  if (tab === 'notifications') return <NotificationsTab />;
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

/** `/profile/notifications`, from the device's notification settings. */
function NotificationsTab() {
  const profile = useProfile();
  if (!profile) return null;
  return <NotificationSettingsForm />;
}
