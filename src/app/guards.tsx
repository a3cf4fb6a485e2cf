/**
 * The redirects and guards of the route table (spec section 2). Each waits, showing the loading
 * view, until what it decides on is known: the auth state, the site switches, the profile's role.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { LoadingView } from '../components/loading-view.tsx';
import { hasCachedSettings, type AppSettings } from '../lib/app-settings-store.ts';
import { PageHoldContext } from '../lib/page-hold.ts';
import { paths } from '../lib/paths.ts';
import { SecondFactorPage } from '../features/auth/second-factor-page.tsx';
import { useShowsPrerendered } from './prerender.ts';
import { useAuthStatus, useNeedsSecondFactor, usePageAccess, useSettings } from './use-session-info.ts';

/**
 * A guard's page: while the facts load (`isUnknown`), on hold when the document was prerendered
 * with it (prerender.ts), else the loading view. The page keeps its place in the tree when the
 * facts arrive, so the hydrated markup and what was typed stay.
 */
function useGuardedPage(
  children: ReactNode,
  isUnknown: boolean,
  lastSettingsLeadHere: (settings: AppSettings) => boolean,
): ReactNode {
  const settings = useSettings();
  const shows = useShowsPrerendered(!hasCachedSettings || lastSettingsLeadHere(settings));
  if (isUnknown && !shows) return <LoadingView />;
  return <PageHoldContext value={isUnknown}>{children}</PageHoldContext>;
}

/** `/`: the dashboard when signed in, otherwise the landing page. */
export function RootRedirect() {
  const status = useAuthStatus();
  if (status === 'initializing') return <LoadingView />;
  return <Navigate to={status === 'signed-in' ? paths.dashboard.href() : paths.landing.href()} replace />;
}

/** `/waitlist`: the page while the waitlist is on, else /login; signed-in visitors go to the dashboard. */
export function WaitlistGuard({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const { waitlistEnabled, isReady } = useSettings();
  const isUnknown = status === 'initializing' || !isReady;
  const page = useGuardedPage(children, isUnknown, (settings) => settings.waitlistEnabled);
  if (isUnknown) return page;
  if (!waitlistEnabled) return <Navigate to={paths.login.href()} replace />;
  if (status === 'signed-in') return <Navigate to={paths.dashboard.href()} replace />;
  return page;
}

/** `/login`: /waitlist while the waitlist is on; signed-in visitors go to the dashboard. */
export function LoginGuard({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const { waitlistEnabled, isReady } = useSettings();
  const isUnknown = status === 'initializing' || !isReady;
  const page = useGuardedPage(children, isUnknown, (settings) => !settings.waitlistEnabled);
  if (isUnknown) return page;
  if (waitlistEnabled) return <Navigate to={paths.waitlist.href()} replace />;
  if (status === 'signed-in') return <Navigate to={paths.dashboard.href()} replace />;
  return page;
}

/**
 * `/register`: /login when registration is off, else /waitlist while the waitlist is on, else the
 * form. An approval link (`?token=`) is the way past the waitlist, so it opens the form even
 * while the waitlist is on.
 */
export function RegisterGuard({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const { waitlistEnabled, registrationEnabled, isReady } = useSettings();
  const [params] = useSearchParams();
  const isUnknown = status === 'initializing' || !isReady;
  const page = useGuardedPage(
    children,
    isUnknown,
    (settings) => settings.registrationEnabled && (!settings.waitlistEnabled || params.has('token')),
  );
  if (isUnknown) return page;
  if (!registrationEnabled) return <Navigate to={paths.login.href()} replace />;
  if (waitlistEnabled && !params.get('token')) return <Navigate to={paths.waitlist.href({ join: true })} replace />;
  if (status === 'signed-in') return <Navigate to={paths.dashboard.href()} replace />;
  return page;
}

/** Pages for signed-out visitors only (forgot password): signed-in ones go to the dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const page = useGuardedPage(children, status === 'initializing', () => true);
  if (status === 'signed-in') return <Navigate to={paths.dashboard.href()} replace />;
  return page;
}

/**
 * The signed-in area: /login when not authenticated; the code of the authenticator app first when
 * the session proved only the password of a user who has one.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const needsCode = useNeedsSecondFactor();
  const location = useLocation();
  if (status === 'initializing') return <LoadingView />;
  if (status === 'signed-out') return <Navigate to={paths.login.href()} replace state={{ from: location.pathname }} />;
  if (needsCode) return <SecondFactorPage />;
  return children;
}

/** A page behind an access check (dashboard_page, admin_panel): `redirectTo` when it does not pass. */
export function RequireAccess({
  accessKey,
  redirectTo,
  children,
}: {
  accessKey: string;
  redirectTo: string;
  children: ReactNode;
}) {
  const access = usePageAccess(accessKey);
  if (!access) return <LoadingView />;
  if (access.access !== 'full_access') return <Navigate to={redirectTo} replace />;
  return children;
}

/** Any other path: the dashboard when signed in, else /waitlist while the waitlist is on, else /login. */
export function CatchAll() {
  const status = useAuthStatus();
  const { waitlistEnabled, isReady } = useSettings();
  if (status === 'initializing' || (status === 'signed-out' && !isReady)) return <LoadingView />;
  if (status === 'signed-in') return <Navigate to={paths.dashboard.href()} replace />;
  return <Navigate to={waitlistEnabled ? paths.waitlist.href() : paths.login.href()} replace />;
}
