import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';

/** `/friends/invite/{code}`: a friend's invite link. */
export function FriendInvitePage() {
  return (
    <BrandLayout>
      <BrandCard title="You have a friend invite">
        <Stack gap="4">
          <Text color="fg.muted">
            Someone wants to plan events with you on CrewCamp. Sign in to add them to your friends.
          </Text>
          <Button asChild size="lg">
            <RouterLink to={paths.dashboard.href()}>Continue</RouterLink>
          </Button>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
