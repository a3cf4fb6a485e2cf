import { Button, Stack } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useState } from 'react';
import type { FriendRow } from '../sync/friend-rows.ts';
import { useQueuedWrite } from '../use-queued-write.ts';
import { OutcomeMessage } from './outcome-message.tsx';
import { PersonLine } from './person-line.tsx';

/** One friend, with Remove (asked first). */
export function FriendItem({ friend }: { friend: FriendRow }) {
  const [isConfirming, setConfirming] = useState(false);
  const remove = useQueuedWrite('Failed to remove friend');
  const name = friend.name ?? friend.email ?? 'this friend';
  return (
    <Stack as="li" aria-label={name} gap="2" p="3" borderWidth="1px" rounded="xl">
      <PersonLine name={friend.name} email={friend.email} avatar={friend.avatar}>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          Remove
        </Button>
      </PersonLine>
      <OutcomeMessage outcome={remove.outcome} done="Friend removed" />
      <ConfirmDialog
        isOpen={isConfirming}
        title="Remove friend"
        body={`Remove ${name} from your friends? You stay together in the events you share.`}
        confirmLabel="Remove friend"
        isDestructive
        onConfirm={() => void remove.run('friend.remove', { friendId: friend.id })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
