import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { tierLabel } from '../../../access/tiers.ts';
import type { AdminAccount } from '../account-search.ts';
import { AccountActions } from './account-actions.tsx';
import { AccountStats } from './account-stats.tsx';

interface AccountCardProps {
  account: AdminAccount;
  isSelf: boolean;
  isDisabled: boolean;
  onChanged(): Promise<void>;
}

/** One account: name, email, role, tier, status; its statistics on request; the admin actions. */
export function AccountCard({ account, isSelf, isDisabled, onChanged }: AccountCardProps) {
  const [isShowingStats, setShowingStats] = useState(false);
  const label = account.name ?? account.email ?? account.id;
  return (
    <Stack as="li" aria-label={label} gap="3" p="4" borderWidth="1px" rounded="xl" bg="bg.panel">
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate>
            {account.name ?? account.email}
            {isSelf ? ' (You)' : ''}
          </Text>
          <Text textStyle="sm" color="fg.muted" truncate>
            {account.email}
          </Text>
        </Stack>
        <HStack gap="1.5" wrap="wrap">
          {account.role === 'admin' ? <Badge colorPalette="ember">Admin</Badge> : null}
          <Badge colorPalette="forest">{tierLabel(account.subscription_tier)}</Badge>
          <Badge colorPalette={account.is_banned ? 'red' : 'green'}>{account.is_banned ? 'Suspended' : 'Active'}</Badge>
        </HStack>
      </HStack>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <AccountActions account={account} isSelf={isSelf} isDisabled={isDisabled} onChanged={onChanged} />
        <Button size="sm" variant="ghost" aria-expanded={isShowingStats} onClick={() => setShowingStats((v) => !v)}>
          {isShowingStats ? 'Hide statistics' : 'Show statistics'}
        </Button>
      </HStack>
      {isShowingStats ? <AccountStats userId={account.id} /> : null}
    </Stack>
  );
}
