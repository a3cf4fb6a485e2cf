import { Stack, Text } from '@chakra-ui/react';
import { useFriendRequests, useFriends } from './use-friends.ts';
import { FriendItem } from './components/friend-item.tsx';
import { IncomingRequest } from './components/incoming-request.tsx';
import { InviteLinkCard } from './components/invite-link-card.tsx';
import { OutgoingRequest } from './components/outgoing-request.tsx';
import { PanelSection } from '../../components/section-card.tsx';
import { SendRequestForm } from './components/send-request-form.tsx';
import { useIsOnline } from '../../data/use-is-online.ts';

/** `/profile/friends`: friends, requests both ways, a request by email and an invite link. */
export function FriendsPage() {
  const friends = useFriends();
  const incoming = useFriendRequests('incoming').filter((request) => request.status === 'pending');
  const outgoing = useFriendRequests('outgoing');
  const isOnline = useIsOnline();

  return (
    <Stack gap="5">
      {incoming.length ? (
        <PanelSection title="Friend requests" text="People who want to plan with you.">
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Incoming friend requests">
            {incoming.map((request) => (
              <IncomingRequest key={request.key} request={request} />
            ))}
          </Stack>
        </PanelSection>
      ) : null}
      <PanelSection title="Your friends" text="The people you plan with most, ready to invite to your next event.">
        {friends.length ? (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Friends">
            {friends.map((friend) => (
              <FriendItem key={friend.key} friend={friend} />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">No friends yet: send a request or share your invite link.</Text>
        )}
      </PanelSection>
      <PanelSection title="Add a friend" text="Send a request to someone who already has a CrewCamp account.">
        <SendRequestForm />
      </PanelSection>
      <PanelSection
        title="Invite link"
        text="Share a link or let someone scan the code: they become your friend after signing in."
      >
        <InviteLinkCard isOnline={isOnline} />
      </PanelSection>
      {outgoing.length ? (
        <PanelSection title="Sent requests">
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Sent friend requests">
            {outgoing.map((request) => (
              <OutgoingRequest key={request.key} request={request} />
            ))}
          </Stack>
        </PanelSection>
      ) : null}
    </Stack>
  );
}
