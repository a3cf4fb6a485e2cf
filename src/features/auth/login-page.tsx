import { Stack } from '@chakra-ui/react';
import { paths } from '../../lib/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { AuthSwitch } from './components/auth-switch.tsx';
import { SignInForm } from './components/sign-in-form.tsx';

/** `/login` (shown while the waitlist is off): sign in, or create an account. */
export function LoginPage() {
  return (
    <BrandLayout>
      <BrandCard title="Sign in to your crew">
        <Stack gap="5">
          <SignInForm />
          <AuthSwitch question="New to CrewCamp?" label="Create an account" to={paths.register.href()} />
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
