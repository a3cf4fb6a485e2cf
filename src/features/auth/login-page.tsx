import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { SignInForm } from './components/sign-in-form.tsx';

/** `/login` (shown while the waitlist is off): sign in, or create an account. */
export function LoginPage() {
  return (
    <BrandLayout>
      <BrandCard title="Sign in to your crew">
        <Stack gap="5">
          <SignInForm />
          <Text textAlign="center" color="fg.muted">
            New to CrewCamp?{' '}
            <Link asChild color="forest.fg" fontWeight="semibold">
              <RouterLink to={paths.register.href()}>Create an account</RouterLink>
            </Link>
          </Text>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
