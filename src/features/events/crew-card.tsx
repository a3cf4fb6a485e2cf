import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import type { MemberRow } from './sync/member-rows.ts';
import { MemberAvatar } from './member-avatar.tsx';

/** Who is coming: every member with avatar and role, and the way to the members dialog. */
export function CrewCard({
  members,
  myUserId,
  onOpenMembers,
}: {
  members: MemberRow[];
  myUserId: string | null;
  onOpenMembers(): void;
}) {
  return (
    <Card.Root as="section" aria-labelledby="crew-title">
      <Card.Body gap="4">
        <HStack justify="space-between" gap="3">
          <Heading as="h2" id="crew-title" textStyle="lg">
            Who is coming ({members.length})
          </Heading>
          <Button size="sm" variant="outline" onClick={onOpenMembers}>
            <Users aria-hidden />
            Members
          </Button>
        </HStack>
        <Stack as="ul" gap="3" listStyleType="none">
          {members.map((member) => (
            <HStack as="li" key={member.key} gap="3">
              <MemberAvatar name={member.name} avatar={member.avatar} />
              <Text flex="1" minW="0" truncate>
                {member.name ?? 'Unknown member'}
                {member.user_id === myUserId ? ' (You)' : ''}
              </Text>
              {member.role !== 'member' ? (
                <Badge colorPalette={member.role === 'creator' ? 'ember' : 'forest'} variant="subtle">
                  {member.role === 'creator' ? 'Creator' : 'Admin'}
                </Badge>
              ) : null}
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
