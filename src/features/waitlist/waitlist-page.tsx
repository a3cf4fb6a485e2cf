import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { JoinWaitlistForm } from './join-waitlist-form.tsx';

/**
 * `/waitlist` (while the waitlist is on, `/login` leads here): sign in with an existing account
 * first (`signInForm`, given by the app: returning members come here every day), then join the
 * waitlist. `/waitlist#join` (the landing page's "Join the waitlist") scrolls to the second.
 */
export function WaitlistPage({ signInForm }: { signInForm: ReactNode }) {
  const { hash } = useLocation();
  const join = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#join') join.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <BrandLayout wide>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '5', md: '6' }} alignItems="start">
        <BrandCard title="Already have an account?">{signInForm}</BrandCard>
        <Box id="join" ref={join} scrollMarginTop="4">
          <BrandCard title="Join the waitlist">
            <Stack gap="4">
              <Text color="fg.muted">
                CrewCamp is opening crew by crew. Leave your email and we will send you an invitation as soon as your
                spot is ready.
              </Text>
              <JoinWaitlistForm />
            </Stack>
          </BrandCard>
        </Box>
      </SimpleGrid>
    </BrandLayout>
  );
}
