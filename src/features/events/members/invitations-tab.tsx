import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { InvitationRow } from '../index.ts';
import type { MemberRow } from '../index.ts';
import { formatDay } from '../event-format.ts';
import { MemberAvatar } from '../member-avatar.tsx';
import { InviteForm } from './invite-form.tsx';
import type { Feedback } from './use-dialog-feedback.ts';
import { useRecipientNames, type RecipientName } from './use-recipient-names.ts';

const STATUS = {
  pending: { label: 'Pending', palette: 'yellow' },
  accepted: { label: 'Accepted', palette: 'green' },
  declined: { label: 'Declined', palette: 'red' },
} as const;

interface InvitationsTabProps {
  eventId: string;
  invitations: InvitationRow[];
  members: MemberRow[];
  isManager: boolean;
  feedback: Feedback;
}

/** Invitations tab: the managers' invite form and the sent invitations with their answers. */
export function InvitationsTab({ eventId, invitations, members, isManager, feedback }: InvitationsTabProps) {
  const unnamed = invitations.filter((i) => !i.recipient_name && i.recipient_id && i.id).map((i) => i.id as string);
  const names = useRecipientNames(eventId, unnamed);
  return (
    <Stack gap="6">
      {isManager ? <InviteForm eventId={eventId} members={members} feedback={feedback} /> : null}
      <Stack as="section" aria-labelledby="sent-invitations" gap="3">
        <Heading as="h3" id="sent-invitations" textStyle="md">
          Sent Invitations
        </Heading>
        {invitations.length ? (
          <Stack as="ul" gap="3" listStyleType="none">
            {invitations.map((invitation) => (
              <InvitationItem
                key={invitation.key}
                invitation={withName(invitation, invitation.id ? names[invitation.id] : undefined)}
                canCancel={isManager && invitation.status === 'pending'}
                onCancel={() =>
                  void feedback.run(
                    'invitation.cancel',
                    { id: invitation.id ?? invitation.key },
                    'Failed to cancel invitation',
                  )
                }
              />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">No invitations sent yet</Text>
        )}
      </Stack>
    </Stack>
  );
}

/** The row with the name and avatar the server knows, where the device has none. */
function withName(invitation: InvitationRow, known: RecipientName | undefined): InvitationRow {
  if (invitation.recipient_name || !known?.name) return invitation;
  return { ...invitation, recipient_name: known.name, recipient_avatar: invitation.recipient_avatar ?? known.avatar };
}

function InvitationItem({
  invitation,
  canCancel,
  onCancel,
}: {
  invitation: InvitationRow;
  canCancel: boolean;
  onCancel(): void;
}) {
  const status = STATUS[invitation.status];
  const sent = formatDay(invitation.created_at);
  return (
    <Stack
      as="li"
      gap="2"
      borderWidth="1px"
      rounded="lg"
      p="3"
      aria-label={`Invitation to ${invitation.recipient_email}`}
    >
      <HStack gap="3" align="start">
        <MemberAvatar
          name={invitation.recipient_name ?? invitation.recipient_email}
          avatar={invitation.recipient_avatar}
        />
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="medium" truncate>
            {invitation.recipient_name ?? invitation.recipient_email}
          </Text>
          {invitation.recipient_name ? (
            <Text textStyle="sm" color="fg.muted" truncate>
              {invitation.recipient_email}
            </Text>
          ) : null}
          <Text textStyle="xs" color="fg.muted">
            {sent ? `Sent ${sent}` : 'Unknown date'}
          </Text>
        </Stack>
        <Badge colorPalette={status.palette} variant="subtle">
          {status.label}
        </Badge>
      </HStack>
      {invitation.message ? <Text textStyle="sm">{`“${invitation.message}”`}</Text> : null}
      {invitation.status !== 'pending' && invitation.response_message ? (
        <Text textStyle="sm" color="fg.muted">{`Response: “${invitation.response_message}”`}</Text>
      ) : null}
      {canCancel ? (
        <HStack justify="flex-end">
          <Button size="xs" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
