import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AdminTab } from '../../lib/paths.ts';
import { AccountsTab } from './accounts-tab.tsx';
import { ActivityTab } from './activity-tab.tsx';
import { AdminsTab } from './admins-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { WaitlistTab } from './waitlist-tab.tsx';

const CONTENT: Record<AdminTab, { title: string; text: string; body: () => ReactNode }> = {
  settings: {
    title: 'Site settings',
    text: 'The waitlist and registration switches and who may open which part of CrewCamp.',
    body: () => <SettingsTab />,
  },
  waitlist: {
    title: 'Waitlist',
    text: 'People waiting for a spot, newest first: approve them to give them their registration link.',
    body: () => <WaitlistTab />,
  },
  accounts: {
    title: 'Accounts',
    text: 'Every account with its plan: change a tier, suspend, reactivate or delete.',
    body: () => <AccountsTab />,
  },
  admins: { title: 'Admins', text: 'The people who run this CrewCamp site.', body: () => <AdminsTab /> },
  activity: {
    title: 'Activity',
    text: 'Every admin action and waitlist decision: who did what, to whom, and when.',
    body: () => <ActivityTab />,
  },
};

/** One tab of `/admin`: its title and what it is for, then the tab itself. */
export function AdminTabPage({ tab }: { tab: AdminTab }) {
  const { title, text, body } = CONTENT[tab];
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h2" textStyle="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
      </Stack>
      {body()}
    </Stack>
  );
}
