import { Box, Flex, Link } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RecordVisit } from '../../features/activity/index.ts';
import { useAuthStore } from '../../features/auth/index.ts';
import { EventBrandBar, EventMembersDialog } from '../../features/events/index.ts';
import { CatchUpSummary } from '../../features/notifications/index.ts';
import { AfterFirstScreen } from '../../data/after-first-screen.tsx';
import { isRealIdMove } from '../../features/sync-status/index.ts';
import { KeepEventsReady } from '../../features/events/index.ts';
import { eventIdFromPath } from '../../lib/paths.ts';
import { ErrorBoundary } from '../error-fallback.tsx';
import { lazyPage } from '../../lib/lazy-page.ts';
import { DelayedLoadingView } from '../../components/loading-view.tsx';
import { AppHeader } from './app-header.tsx';
import { EventTabBar, TAB_BAR_SPACE } from './event-tab-bar.tsx';
import { useIsTyping } from './use-typing.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

/** The phone drawer's code (a dialog) loads when it is first opened, then stays for its animations. */
const MobileNavDrawer = lazyPage(() => import('./mobile-nav-drawer.tsx'), 'MobileNavDrawer');

/**
 * The page's identity: a new path is a new page (its state and any error start afresh), except
 * when an offline-made event gets its real id: the page open on it stays as it is (an open
 * dialog, a draft).
 */
function usePageKey(pathname: string): string {
  const [page, setPage] = useState({ path: pathname, key: pathname });
  if (page.path === pathname) return page.key;
  const next = { path: pathname, key: isRealIdMove(page.path, pathname) ? page.key : pathname };
  setPage(next);
  return next.key;
}

/** The signed-in shell: offline banner, header, sidebar (a drawer on phones) and the page. */
export function AppShell() {
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const isTyping = useIsTyping();
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const [hasOpenedDrawer, setOpenedDrawer] = useState(false);
  const [membersEventId, setMembersEventId] = useState<string | null>(null);
  // Opened from the drawer, the dialog waits until the drawer has gone (its focus return would close it).
  const [pendingMembersId, setPendingMembersId] = useState<string | null>(null);
  // The drawer belongs to the path it was opened on: navigating closes it.
  const isDrawerOpen = drawerPath === location.pathname;
  const eventId = eventIdFromPath(location.pathname);
  const section = location.pathname.split('/')[3];
  const pageKey = usePageKey(location.pathname);
  // An event's pages carry its white label (organizer events).
  const brandedEventId = eventId;

  const openMembers = (eventId: string) => {
    if (isDrawerOpen) {
      setPendingMembersId(eventId);
      setDrawerPath(null);
    } else {
      setMembersEventId(eventId);
    }
  };
  const onDrawerExited = () => {
    if (!pendingMembersId) return;
    setMembersEventId(pendingMembersId);
    setPendingMembersId(null);
  };

  return (
    <Flex direction="column" minH="100dvh">
      <Link
        href="#main"
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipLink"
        bg="bg.panel"
        px="3"
        py="2"
        rounded="md"
        _focus={{ top: '2' }}
      >
        Skip to content
      </Link>
      <OfflineBanner />
      <AppHeader
        user={user}
        onOpenMenu={() => {
          setOpenedDrawer(true);
          setDrawerPath(location.pathname);
        }}
      />
      <AfterFirstScreen>
        <CatchUpSummary />
      </AfterFirstScreen>
      <KeepEventsReady />
      <Flex flex="1" align="stretch">
        <Box
          as="aside"
          aria-label="Sidebar"
          hideBelow="lg"
          w="64"
          flexShrink={0}
          borderEndWidth="1px"
          bg="bg.panel"
          position="sticky"
          top="14"
          h="calc(100dvh - 3.5rem)"
          overflowY="auto"
        >
          <SidebarNav user={user} onOpenMembers={openMembers} />
        </Box>
        <Box
          as="main"
          id="main"
          tabIndex={-1}
          flex="1"
          minW="0"
          px={{ base: '4', md: '8' }}
          pt={{ base: '5', md: '8' }}
          // On event pages the phone's tab bar covers the bottom (not while typing: it steps aside).
          pb={{ base: eventId && !isTyping ? `calc(1.25rem + ${TAB_BAR_SPACE})` : '5', md: '8' }}
        >
          <Box maxW="5xl" mx="auto">
            <ErrorBoundary key={pageKey}>
              {brandedEventId ? <EventBrandBar eventId={brandedEventId} /> : null}
              <Suspense fallback={<DelayedLoadingView />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </Box>
        </Box>
      </Flex>
      {eventId && (section === 'expenses' || section === 'camp-planner') ? (
        <RecordVisit key={`${eventId}/${section}`} eventId={eventId} section={section} />
      ) : null}
      {eventId ? <EventTabBar eventId={eventId} user={user} onOpenMembers={() => setMembersEventId(eventId)} /> : null}
      {hasOpenedDrawer ? (
        <Suspense fallback={null}>
          <MobileNavDrawer isOpen={isDrawerOpen} onClose={() => setDrawerPath(null)} onExitComplete={onDrawerExited}>
            <SidebarNav user={user} onOpenMembers={openMembers} />
          </MobileNavDrawer>
        </Suspense>
      ) : null}
      {membersEventId ? (
        <EventMembersDialog isOpen eventId={membersEventId} onClose={() => setMembersEventId(null)} />
      ) : null}
    </Flex>
  );
}
