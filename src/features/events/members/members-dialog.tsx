import { Alert, Badge, Stack, Tabs } from '@chakra-ui/react';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { useState } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';
import { useEvent, useEventMembers } from '../index.ts';
import { useSentInvitations } from '../index.ts';
import { useAuthStore } from '../../auth/index.ts';
import { isManagerRole } from '../event-rules.ts';
import { InvitationsTab } from './invitations-tab.tsx';
import { MembersTab } from './members-tab.tsx';
import { useDialogFeedback } from './use-dialog-feedback.ts';
import { TransferOwnershipDialog } from '../transfer/transfer-dialog.tsx';

/** The dialog itself: the Members and Invitations tabs, with the red error banner above them. */
export function MembersDialog({ eventId, onClose }: { eventId: string; onClose(): void }) {
  const event = useEvent(eventId);
  const members = useEventMembers(eventId);
  const invitations = useSentInvitations(eventId);
  const myUserId = useAuthStore((state) => state.session?.user.id ?? null);
  const feedback = useDialogFeedback();
  const [tab, setTab] = useState('members');
  const myRole = members.find((member) => member.user_id === myUserId)?.role;
  const isManager = isManagerRole(myRole);
  // undefined: closed; null: open with nobody picked yet
  const [transferTo, setTransferTo] = useState<string | null | undefined>(undefined);
  const pendingCount = invitations.filter((invitation) => invitation.status === 'pending').length;

  return (
    <AppDialog title="Event Members" description={event?.name} size="wide" scrollBehavior="inside" onClose={onClose}>
      {feedback.error ? (
        <Alert.Root status="error" role="alert" rounded="lg" mb="4" variant="solid">
          <Alert.Indicator />
          <Alert.Title>{feedback.error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {feedback.success ? (
        <Stack mb="4">
          <FormMessage status="success">{feedback.success}</FormMessage>
        </Stack>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" fitted>
        <Tabs.List mb="4">
          <Tabs.Trigger value="members">Members</Tabs.Trigger>
          <Tabs.Trigger value="invitations">
            Invitations
            {pendingCount ? (
              <Badge size="sm" colorPalette="ember" variant="solid" aria-label={`${pendingCount} pending`}>
                {pendingCount}
              </Badge>
            ) : null}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="members" p="0">
          <MembersTab
            eventId={eventId}
            members={members}
            myUserId={myUserId}
            isManager={isManager}
            feedback={feedback}
            onInvite={() => setTab('invitations')}
            onTransfer={myRole === 'creator' ? setTransferTo : undefined}
          />
        </Tabs.Content>
        <Tabs.Content value="invitations" p="0">
          <InvitationsTab
            eventId={eventId}
            invitations={invitations}
            members={members}
            isManager={isManager}
            feedback={feedback}
          />
        </Tabs.Content>
      </Tabs.Root>
      {transferTo !== undefined ? (
        <TransferOwnershipDialog
          eventId={eventId}
          initialOwnerId={transferTo}
          onClose={() => setTransferTo(undefined)}
        />
      ) : null}
    </AppDialog>
  );
}
