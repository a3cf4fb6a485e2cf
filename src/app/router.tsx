/**
 * The route table of spec section 2. Every page is loaded lazily (the loading view appears after
 * 300 ms); the guards of guards.tsx decide the redirects.
 */
import { Children, isValidElement, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import {
  CatchAll,
  LoginGuard,
  RegisterGuard,
  RequireAccess,
  RequireAuth,
  RootRedirect,
  SignedOutOnly,
  WaitlistGuard,
} from './guards.tsx';
import { lazyPage } from '../lib/lazy-page.ts';
import { DelayedLoadingView } from '../components/loading-view.tsx';
import { ADMIN_TABS, PROFILE_TABS, paths } from '../lib/paths.ts';
import { RouterErrorPage } from './router-error-page.tsx';

const LandingPage = lazyPage(() => import('../features/landing/landing-page.tsx'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage');
const WaitlistRoute = lazyPage(() => import('./routes/waitlist-route.tsx'), 'WaitlistRoute');
const RegisterPage = lazyPage(() => import('../features/auth/register-page.tsx'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage');
const FriendInvitePage = lazyPage(() => import('../features/friends/friend-invite-page.tsx'), 'FriendInvitePage');
const CheckoutSuccessPage = lazyPage(
  () => import('../features/subscription/checkout-success-page.tsx'),
  'CheckoutSuccessPage',
);
const SubscriptionSuccessPage = lazyPage(
  () => import('../features/subscription/subscription-success-page.tsx'),
  'SubscriptionSuccessPage',
);
const JoinPage = lazyPage(() => import('../features/events/join-page.tsx'), 'JoinPage');
const AppShell = lazyPage(() => import('./shell/app-shell.tsx'), 'AppShell');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const OrganizerPage = lazyPage(() => import('../features/organizer/organizer-page.tsx'), 'OrganizerPage');
const SubscriptionPage = lazyPage(() => import('../features/subscription/subscription-page.tsx'), 'SubscriptionPage');
const EventPage = lazyPage(() => import('../features/events/event-page.tsx'), 'EventPage');
const ChatPage = lazyPage(() => import('../features/chat/chat-page.tsx'), 'ChatPage');
const ChecklistsPage = lazyPage(() => import('../features/checklists/checklists-page.tsx'), 'ChecklistsPage');
const ExpensesPage = lazyPage(() => import('../features/expenses/expenses-page.tsx'), 'ExpensesPage');
const SchedulePage = lazyPage(() => import('../features/schedule/schedule-page.tsx'), 'SchedulePage');
const TransportPage = lazyPage(() => import('../features/transport/transport-page.tsx'), 'TransportPage');
const CrewSheetPage = lazyPage(() => import('../features/crew-sheet/crew-sheet-page.tsx'), 'CrewSheetPage');
const SitePlannerPage = lazyPage(() => import('../features/site-planner/site-planner-page.tsx'), 'SitePlannerPage');
const ProfileLayout = lazyPage(() => import('../features/profile/profile-layout.tsx'), 'ProfileLayout');
const ProfileTabPage = lazyPage(() => import('../features/profile/profile-tab-page.tsx'), 'ProfileTabPage');
const SubscriptionTab = lazyPage(() => import('../features/subscription/subscription-tab.tsx'), 'SubscriptionTab');
const FriendsPage = lazyPage(() => import('../features/friends/friends-page.tsx'), 'FriendsPage');
const AdminLayout = lazyPage(() => import('../features/admin/admin-layout.tsx'), 'AdminLayout');
const AdminTabPage = lazyPage(() => import('../features/admin/admin-tab-page.tsx'), 'AdminTabPage');

function RootLayout() {
  return (
    <Suspense fallback={<DelayedLoadingView />}>
      <Outlet />
    </Suspense>
  );
}

const eventSections: RouteObject[] = [
  { path: 'chat', element: <ChatPage /> },
  { path: 'checklists', element: <ChecklistsPage /> },
  { path: 'expenses', element: <ExpensesPage /> },
  { path: 'schedule', element: <SchedulePage /> },
  { path: 'transport', element: <TransportPage /> },
  { path: 'camp-planner', element: <SitePlannerPage /> },
  { path: 'sheet', element: <CrewSheetPage /> },
];

/** The route table, shared by the browser's router and the build's prerender (src/prerender). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouterErrorPage />,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: paths.landing.path, element: <LandingPage /> },
      {
        path: paths.waitlist.path,
        element: (
          <WaitlistGuard>
            <WaitlistRoute />
          </WaitlistGuard>
        ),
      },
      {
        path: paths.login.path,
        element: (
          <LoginGuard>
            <LoginPage />
          </LoginGuard>
        ),
      },
      {
        path: paths.register.path,
        element: (
          <RegisterGuard>
            <RegisterPage />
          </RegisterGuard>
        ),
      },
      {
        path: paths.forgotPassword.path,
        element: (
          <SignedOutOnly>
            <ForgotPasswordPage />
          </SignedOutOnly>
        ),
      },
      { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.friendInvite.path, element: <FriendInvitePage /> },
      { path: paths.join.path, element: <JoinPage /> },
      {
        path: paths.checkoutSuccess.path,
        element: (
          <RequireAuth>
            <CheckoutSuccessPage />
          </RequireAuth>
        ),
      },
      {
        path: paths.subscriptionSuccess.path,
        element: (
          <RequireAuth>
            <SubscriptionSuccessPage />
          </RequireAuth>
        ),
      },
      {
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          {
            path: paths.dashboard.path,
            element: (
              <RequireAccess accessKey="dashboard_page" redirectTo={paths.root.href()}>
                <DashboardPage />
              </RequireAccess>
            ),
          },
          {
            path: paths.organizer.path,
            element: (
              <RequireAccess accessKey="multi_event_dashboard" redirectTo={paths.dashboard.href()}>
                <OrganizerPage />
              </RequireAccess>
            ),
          },
          { path: paths.subscription.path, element: <SubscriptionPage /> },
          {
            path: paths.event.path,
            children: [{ index: true, element: <EventPage /> }, ...eventSections],
          },
          {
            path: paths.profile.path,
            element: <ProfileLayout />,
            children: [
              { index: true, element: <Navigate to={paths.profile.href('details')} replace /> },
              ...PROFILE_TABS.map((tab) => ({
                path: tab,
                element:
                  tab === 'subscription' ? (
                    <SubscriptionTab />
                  ) : tab === 'friends' ? (
                    <FriendsPage />
                  ) : (
                    <ProfileTabPage key={tab} tab={tab} />
                  ),
              })),
            ],
          },
          {
            path: paths.admin.path,
            element: (
              <RequireAccess accessKey="admin_panel" redirectTo={paths.dashboard.href()}>
                <AdminLayout />
              </RequireAccess>
            ),
            children: [
              { index: true, element: <Navigate to={paths.admin.href('settings')} replace /> },
              ...ADMIN_TABS.map((tab) => ({ path: tab, element: <AdminTabPage key={tab} tab={tab} /> })),
            ],
          },
        ],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];

/** Starts fetching a lazy page found in a route element (or inside its guards). */
function preloadElement(node: ReactNode) {
  if (!isValidElement(node)) return;
  const { preload } = node.type as { preload?: () => Promise<unknown> };
  if (typeof preload === 'function') void preload().catch(() => undefined);
  Children.forEach((node.props as { children?: ReactNode }).children, preloadElement);
}

export function createAppRouter() {
  // The first page's chunks (the shell and the page) load at once, side by side, instead of one
  // after the other as each guard and layout lets the next render (auth, settings, the shell).
  for (const match of matchRoutes(routes, window.location) ?? []) preloadElement(match.route.element);
  return createBrowserRouter(routes);
}
