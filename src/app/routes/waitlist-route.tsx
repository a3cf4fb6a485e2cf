import { SignInForm } from '../../features/auth/index.ts';
import { WaitlistPage } from '../../features/waitlist/waitlist-page.tsx';

/** The waitlist page with the auth feature's sign-in form: the app composes the two features. */
export function WaitlistRoute() {
  return <WaitlistPage signInForm={<SignInForm idPrefix="waitlist-sign-in" />} />;
}
