import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAuthStore } from '../auth/index.ts';
import { searchAccounts } from './account-search.ts';
import { fetchUsers } from './admin-api.ts';
import { AccountCard } from './components/account-card.tsx';
import { adminListState } from './components/admin-list-state.tsx';
import { useAdminData } from './use-admin-data.ts';
import { useIsOnline } from '../../data/use-is-online.ts';

const PAGE_SIZE = 10;

/** `/admin/accounts`: every account, searchable and paged, with its statistics and actions. */
export function AccountsTab() {
  const isOnline = useIsOnline();
  const me = useAuthStore((state) => state.user?.id ?? null);
  const users = useAdminData(fetchUsers, 'Failed to fetch users');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  const state = adminListState(isOnline, users, 'Loading accounts');
  if (state || !users.data) return state;

  const result = searchAccounts(users.data, query, page, PAGE_SIZE);
  return (
    <Stack gap="4">
      <Input
        type="search"
        aria-label="Search accounts"
        placeholder="Search by name or email..."
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPage(1);
        }}
        maxW={{ md: 'md' }}
      />
      <Text color="fg.muted" aria-live="polite">
        {result.total} {result.total === 1 ? 'account' : 'accounts'}
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Accounts">
        {result.accounts.map((account) => (
          <AccountCard
            key={account.id}
            account={account}
            isSelf={account.id === me}
            isDisabled={!isOnline}
            onChanged={users.reload}
          />
        ))}
      </Stack>
      {result.pageCount > 1 ? (
        <HStack as="nav" aria-label="Account pages" justify="center" gap="3">
          <Button size="sm" variant="outline" disabled={result.page <= 1} onClick={() => setPage(result.page - 1)}>
            Previous
          </Button>
          <Text textStyle="sm">
            Page {result.page} of {result.pageCount}
          </Text>
          <Button
            size="sm"
            variant="outline"
            disabled={result.page >= result.pageCount}
            onClick={() => setPage(result.page + 1)}
          >
            Next
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
