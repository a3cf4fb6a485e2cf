import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { JoinWaitlistForm } from './join-waitlist-form.tsx';

/**
 * `/waitlist` (while the waitlist is on, `/login` leads here): join the waitlist, or sign in with
 * an existing account (`signInForm`, given by the app).
 */
export function WaitlistPage({ signInForm }: { signInForm: ReactNode }) {
  return (
    <BrandLayout wide>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '5', md: '6' }} alignItems="start">
        <BrandCard title="Join the waitlist">
          <Stack gap="4">
            <Text color="fg.muted">
              CrewCamp is opening crew by crew. Leave your email and we will send you an invitation as soon as your spot
              is ready.
            </Text>
            <JoinWaitlistForm />
          </Stack>
        </BrandCard>
        <BrandCard title="Already have an account?">{signInForm}</BrandCard>
      </SimpleGrid>
    </BrandLayout>
  );
}
