import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useAuthStore } from '../auth/index.ts';
import { errorText } from './admin-errors.ts';
import { addAdmin, fetchAdmins, removeAdmin, type AdminProfile } from './admin-api.ts';
import { AdminAlert, adminErrorOf } from './components/admin-alert.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { adminListState } from './components/admin-list-state.tsx';
import { useAdminData } from './use-admin-data.ts';
import { useIsOnline } from '../../data/use-is-online.ts';

/** `/admin/admins`: the site admins by email; add one by email, remove one (never the last). */
export function AdminsTab() {
  const isOnline = useIsOnline();
  const me = useAuthStore((state) => state.user?.id ?? null);
  const reloadProfile = useAuthStore((state) => state.reloadProfile);
  const admins = useAdminData(fetchAdmins, 'Failed to fetch users');
  const [email, setEmail] = useState('');
  const [isAdding, setAdding] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string; detail: string | null } | null>(null);
  const [removing, setRemoving] = useState<AdminProfile | null>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.includes('@')) {
      setResult({ ok: false, message: 'Please enter a valid email address', detail: null });
      return;
    }
    setAdding(true);
    setResult(null);
    try {
      const answer = await addAdmin(email);
      setResult({ ok: true, message: (answer as { message?: string }).message ?? 'Admin added', detail: null });
      setEmail('');
      await admins.reload();
    } catch (caught) {
      setResult({ ok: false, ...errorText(caught, 'Failed to add admin') });
    } finally {
      setAdding(false);
    }
  }

  const state = adminListState(isOnline, admins, 'Loading admins');
  if (state || !admins.data) return state;

  const list = admins.data;
  const isLast = list.length <= 1;
  return (
    <Stack gap="6">
      <form onSubmit={add} noValidate aria-label="Add an admin">
        <Stack gap="3">
          <Field.Root id="add-admin-email">
            <Field.Label>Email of the new admin</Field.Label>
            <HStack gap="2" w="full" maxW={{ md: 'lg' }}>
              <Input type="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              <Button type="submit" loading={isAdding}>
                Add admin
              </Button>
            </HStack>
          </Field.Root>
          {result ? (
            <AdminAlert status={result.ok ? 'success' : 'error'} message={result.message} detail={result.detail} />
          ) : null}
        </Stack>
      </form>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Admins">
        {list.map((admin) => (
          <HStack
            as="li"
            key={admin.id}
            aria-label={admin.email ?? admin.id}
            justify="space-between"
            p="3"
            borderWidth="1px"
            rounded="lg"
            bg="bg.panel"
            gap="3"
          >
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold" truncate>
                {admin.name ?? admin.email}
                {admin.id === me ? ' (You)' : ''}
              </Text>
              <Text textStyle="sm" color="fg.muted" truncate>
                {admin.email}
              </Text>
            </Stack>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={isLast}
              title={isLast ? 'The last admin cannot be removed' : undefined}
              onClick={() => setRemoving(admin)}
            >
              Remove
            </Button>
          </HStack>
        ))}
      </Stack>
      {isLast ? (
        <Text textStyle="sm" color="fg.muted">
          The last admin cannot be removed.
        </Text>
      ) : null}
      {removing ? (
        <ConfirmDialog
          isDestructive
          title={removing.id === me ? 'Remove your own admin rights' : 'Remove admin'}
          body={
            removing.id === me
              ? 'You will lose access to the admin panel at once. Another admin must add you again.'
              : `${removing.name ?? removing.email} will no longer be a site admin.`
          }
          confirmLabel="Remove admin"
          errorOf={adminErrorOf('Failed to remove admin')}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await removeAdmin(removing.id);
            if (removing.id === me) await reloadProfile();
            else await admins.reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
