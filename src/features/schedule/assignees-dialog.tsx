import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/app-dialog.tsx';
import { useState } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import type { MemberRow } from '../events/index.ts';
import type { ScheduleItemRow } from './sync/schedule-rows.ts';
import { mutate } from '../../data/index.ts';
import { mutateErrorText } from '../events/index.ts';

interface Props {
  item: ScheduleItemRow;
  members: readonly MemberRow[];
  assigned: ReadonlySet<string>;
  myUserId: string | null;
  /** Whoever may change the item assigns anyone; other members only themselves. */
  canAssignOthers: boolean;
  onClose(): void;
}

/** Who takes care of an item (extended schedule): a tick per member, sent at once. */
export function AssigneesDialog({ item, members, assigned, myUserId, canAssignOthers, onClose }: Props) {
  const [error, setError] = useState<string | null>(null);

  async function toggle(userId: string, on: boolean) {
    setError(null);
    try {
      await mutate('schedule.assign', { eventId: item.event_id, itemId: item.id, userId, assigned: on });
    } catch (failure) {
      setError(mutateErrorText(failure, 'Failed to change the assignees'));
    }
  }

  return (
    <AppDialog
      title={`Assignees of ${item.title}`}
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Stack gap="3" role="group" aria-label="Members">
        {canAssignOthers ? null : (
          <Text color="fg.muted" textStyle="sm">
            You can assign yourself; the item&apos;s author and the event&apos;s managers assign others.
          </Text>
        )}
        {members.map((member) => (
          <Checkbox.Root
            key={member.user_id}
            checked={assigned.has(member.user_id)}
            disabled={!canAssignOthers && member.user_id !== myUserId}
            onCheckedChange={(details) => void toggle(member.user_id, details.checked === true)}
            colorPalette="forest"
            py="1"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {member.name ?? member.email ?? 'A member'}
              {member.user_id === myUserId ? ' (You)' : ''}
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
      </Stack>
    </AppDialog>
  );
}
