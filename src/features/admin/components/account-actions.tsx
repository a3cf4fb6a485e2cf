import { Button, HStack, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { TIERS, tierLabel, type Tier } from '../../../access/tiers.ts';
import type { AdminAccount } from '../account-search.ts';
import { deleteUser, reactivateUser, suspendUser, updateUserTier } from '../admin-api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { adminErrorOf } from './admin-alert.tsx';

type Pending = { kind: 'suspend' } | { kind: 'reactivate' } | { kind: 'delete' } | { kind: 'tier'; tier: Tier };

interface AccountActionsProps {
  account: AdminAccount;
  isSelf: boolean;
  isDisabled: boolean;
  onChanged(): Promise<void>;
}

/** Suspend or reactivate, delete, and change the tier of one account, each confirmed first. */
export function AccountActions({ account, isSelf, isDisabled, onChanged }: AccountActionsProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const who = account.name ?? account.email ?? 'this user';
  const off = isDisabled || isSelf;

  const dialog = (() => {
    if (!pending) return null;
    switch (pending.kind) {
      case 'suspend':
        return {
          title: 'Suspend account',
          body: `${who} will be signed out and cannot sign in until reactivated. Their events and messages stay visible to their crews.`,
          confirmLabel: 'Suspend',
          fallbackError: 'Failed to suspend user',
          isDestructive: true,
          run: () => suspendUser(account.id),
        };
      case 'reactivate':
        return {
          title: 'Reactivate account',
          body: `${who} will be able to sign in again.`,
          confirmLabel: 'Reactivate',
          fallbackError: 'Failed to reactivate user',
          isDestructive: false,
          run: () => reactivateUser(account.id),
        };
      case 'delete':
        return {
          title: 'Delete account',
          body: `${who} and their profile will be deleted for good. Events they created alone go with them; shared events pass to another member.`,
          confirmLabel: 'Delete',
          fallbackError: 'Failed to delete user',
          isDestructive: true,
          run: () => deleteUser(account.id),
        };
      case 'tier':
        return {
          title: 'Change tier',
          body: `Change the plan of ${who} from ${tierLabel(account.subscription_tier)} to ${tierLabel(pending.tier)}?`,
          confirmLabel: `Change to ${tierLabel(pending.tier)}`,
          fallbackError: 'Failed to update subscription tier',
          isDestructive: false,
          run: () => updateUserTier(account.id, pending.tier),
        };
    }
  })();

  return (
    <HStack gap="2" wrap="wrap">
      <NativeSelect.Root size="sm" width="auto" disabled={isDisabled}>
        <NativeSelect.Field
          aria-label={`Tier of ${who}`}
          value={account.subscription_tier}
          onChange={(e) => setPending({ kind: 'tier', tier: e.target.value as Tier })}
        >
          {TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {tierLabel(tier)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {account.is_banned ? (
        <Button size="sm" variant="outline" disabled={off} onClick={() => setPending({ kind: 'reactivate' })}>
          Reactivate
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={off} onClick={() => setPending({ kind: 'suspend' })}>
          Suspend
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        disabled={off}
        onClick={() => setPending({ kind: 'delete' })}
      >
        Delete
      </Button>
      {dialog ? (
        <ConfirmDialog
          title={dialog.title}
          body={dialog.body}
          confirmLabel={dialog.confirmLabel}
          errorOf={adminErrorOf(dialog.fallbackError)}
          isDestructive={dialog.isDestructive}
          onClose={() => setPending(null)}
          onConfirm={async () => {
            await dialog.run();
            await onChanged();
          }}
        />
      ) : null}
    </HStack>
  );
}
