import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { mutate } from '../../data/index.ts';
import type { InvitationRow } from '../events/index.ts';

/** New invitations on the home: accept or decline each where it is seen (queued offline like any change). */
export function HomeInvitations({ invitations }: { invitations: InvitationRow[] }) {
  const [error, setError] = useState<string | null>(null);
  if (!invitations.length) return null;

  async function respond(id: string, status: 'accepted' | 'declined') {
    setError(null);
    try {
      await mutate('invitation.respond', { id, status, responseMessage: null });
    } catch {
      setError('Failed to respond to invitation');
    }
  }

  return (
    <Stack as="section" aria-labelledby="home-invitations" gap="3" mb="6">
      <Heading as="h2" id="home-invitations" textStyle="md">
        {invitations.length === 1 ? 'New invitation' : `New invitations (${invitations.length})`}
      </Heading>
      {error ? (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      ) : null}
      <Stack as="ul" gap="2" listStyleType="none">
        {invitations.map((invite) => (
          <Stack
            as="li"
            key={invite.key}
            aria-label={`Invitation to ${invite.event_name ?? 'an event'}`}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ base: 'stretch', sm: 'center' }}
            gap="3"
            p="4"
            rounded="xl"
            borderWidth="1px"
            bg="forest.subtle"
          >
            <HStack gap="3" minW="0" align="start">
              <Mail size={20} aria-hidden />
              <Stack gap="0" minW="0">
                <Text fontWeight="semibold">{invite.event_name ?? 'An event'}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {`${invite.sender_name ?? 'Someone'} invited you`}
                </Text>
                {invite.message ? <Text textStyle="sm">{invite.message}</Text> : null}
              </Stack>
            </HStack>
            <HStack gap="2">
              <Button flex={{ base: '1', sm: 'none' }} onClick={() => void respond(invite.key, 'accepted')}>
                Accept
              </Button>
              <Button
                flex={{ base: '1', sm: 'none' }}
                variant="outline"
                onClick={() => void respond(invite.key, 'declined')}
              >
                Decline
              </Button>
            </HStack>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
