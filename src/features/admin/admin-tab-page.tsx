import { Heading, Stack, Text } from '@chakra-ui/react';
import type { AdminTab } from '../../app/paths.ts';

const CONTENT: Record<AdminTab, { title: string; text: string }> = {
  settings: {
    title: 'Site settings',
    text: 'The waitlist and registration switches and who may open which part of CrewCamp.',
  },
  waitlist: { title: 'Waitlist', text: 'People waiting for a spot: approve them to send their registration link.' },
  accounts: { title: 'Accounts', text: 'Every account with its plan: change a tier, suspend, reactivate or delete.' },
  admins: { title: 'Admins', text: 'The people who run this CrewCamp site.' },
  activity: { title: 'Activity', text: 'Every admin action and waitlist decision: who did what, to whom, and when.' },
};

/** One tab of `/admin`. */
export function AdminTabPage({ tab }: { tab: AdminTab }) {
  const { title, text } = CONTENT[tab];
  return (
    <Stack gap="2">
      <Heading as="h2" textStyle="xl">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
    </Stack>
  );
}
