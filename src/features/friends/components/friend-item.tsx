import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FriendRow } from '../../../db/row-schemas.ts';
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
      <Dialog.Root
        open={isConfirming}
        role="alertdialog"
        placement="center"
        onOpenChange={(d) => setConfirming(d.open)}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Remove friend</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{`Remove ${name} from your friends? You stay together in the events you share.`}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.ActionTrigger>
                <Button
                  colorPalette="red"
                  onClick={() => {
                    setConfirming(false);
                    void remove.run('friend.remove', { friendId: friend.id });
                  }}
                >
                  Remove friend
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
