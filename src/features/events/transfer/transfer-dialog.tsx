import { Alert, Button, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog, DialogActions } from '../../../components/app-dialog.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { useIsOnline } from '../../../data/use-is-online.ts';
import { useAuthStore } from '../../auth/index.ts';
import { MemberAvatar } from '../member-avatar.tsx';
import { useEvent } from '../use-events.ts';
import { useEventMembers } from '../use-members.ts';
import { transferWarning } from './transfer-rules.ts';
import { transferOwnership, useMemberTier } from './use-transfer.ts';

export const TRANSFER_OFFLINE =
  'Transferring ownership needs a connection, so that the new owner agrees with the server. Try again when you are online.';

interface TransferDialogProps {
  eventId: string;
  /** The member picked already (from their row's menu). */
  initialOwnerId?: string | null;
  onClose(): void;
  /** Offered after the transfer when the dialog was opened from "Leave event". */
  onLeave?(): void;
}

/**
 * The creator hands the event to another member (online only): pick the member, read what the
 * event's tier becomes (a warning when features lock), confirm. The former creator stays an admin.
 */
export function TransferOwnershipDialog({ eventId, initialOwnerId = null, onClose, onLeave }: TransferDialogProps) {
  const event = useEvent(eventId);
  const myUserId = useAuthStore((state) => state.session?.user.id ?? null);
  const members = useEventMembers(eventId);
  const isOnline = useIsOnline();
  const [ownerId, setOwnerId] = useState<string | null>(initialOwnerId);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [doneName, setDoneName] = useState<string | null>(null);
  const tier = useMemberTier(ownerId);
  const candidates = members.filter((member) => member.user_id !== myUserId);
  const chosen = candidates.find((member) => member.user_id === ownerId) ?? null;
  const chosenName = chosen?.name?.split(' ')[0] || chosen?.name || 'The new owner';
  const admins = members.filter((member) => member.role === 'admin' && member.user_id !== ownerId).length + 1;
  const warning =
    event && chosen && tier ? transferWarning(chosenName, event.access_tier, tier, members.length, admins) : null;

  async function confirm() {
    if (!ownerId) return;
    setBusy(true);
    setError(null);
    const failure = await transferOwnership(eventId, ownerId);
    setBusy(false);
    if (failure) setError(failure);
    else setDoneName(chosen?.name ?? 'the new owner');
  }

  const footer = doneName ? (
    <DialogActions>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
      {onLeave ? (
        <Button colorPalette="red" onClick={onLeave}>
          Leave event
        </Button>
      ) : null}
    </DialogActions>
  ) : (
    <DialogActions>
      <Button variant="outline" onClick={onClose} disabled={isBusy}>
        Cancel
      </Button>
      <Button onClick={() => void confirm()} loading={isBusy} disabled={!chosen || !isOnline}>
        Transfer ownership
      </Button>
    </DialogActions>
  );

  return (
    <AppDialog title="Transfer ownership" description={event?.name} onClose={onClose} isBusy={isBusy} footer={footer}>
      {doneName ? (
        <FormMessage status="success">
          {`${doneName} now owns this event. You stay as an admin${onLeave ? ', and you can leave it now.' : '.'}`}
        </FormMessage>
      ) : (
        <Stack gap="4">
          <Text color="fg.muted" textStyle="sm">
            The new owner must be a member with room for another active event on their plan. You stay as an admin, and
            the event takes the new owner&apos;s plan.
          </Text>
          {!isOnline ? <FormMessage status="error">{TRANSFER_OFFLINE}</FormMessage> : null}
          {candidates.length ? (
            <RadioGroup.Root
              value={ownerId}
              onValueChange={(details) => setOwnerId(details.value)}
              aria-label="New owner"
            >
              <Stack gap="1">
                {candidates.map((member) => (
                  <RadioGroup.Item key={member.key} value={member.user_id} minH="11" gap="3">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <MemberAvatar name={member.name} avatar={member.avatar} size="xs" />
                    <RadioGroup.ItemText>{member.name ?? 'Unknown member'}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          ) : (
            <Text>There is nobody else in this event to hand it to.</Text>
          )}
          {warning ? (
            <Alert.Root status="warning" rounded="lg">
              <Alert.Indicator />
              <Alert.Description>{warning}</Alert.Description>
            </Alert.Root>
          ) : null}
          {error ? <FormMessage status="error">{error}</FormMessage> : null}
        </Stack>
      )}
    </AppDialog>
  );
}
