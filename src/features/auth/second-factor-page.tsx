import { Button, Stack, Text } from '@chakra-ui/react';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { paths } from '../../lib/paths.ts';
import { signOut } from './auth-store.ts';
import { CodeForm } from './components/code-form.tsx';

/**
 * The second step of signing in for a user with an authenticator app: the password was right,
 * the app opens once the code is too (the auth store's `needsSecondFactor` turns false with the
 * aal2 session, and the guard shows the page that was asked for).
 */
export function SecondFactorPage() {
  return (
    <BrandLayout>
      <BrandCard title="Enter your sign-in code">
        <Stack gap="4">
          <Text color="fg.muted">
            Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app to finish
            signing in.
          </Text>
          <CodeForm
            label="Sign-in code"
            idPrefix="sign-in-code"
            onVerified={() => undefined}
            footer={
              <Button variant="ghost" size="lg" onClick={() => void signOut(paths.login.href())}>
                Sign out
              </Button>
            }
          />
          <Text textStyle="sm" color="fg.muted">
            Lost the phone with your authenticator app? Contact the CrewCamp team to have it removed from your account.
          </Text>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
