import { Button, Separator, Stack } from '@chakra-ui/react';
import { House, LayoutGrid, LogOut, Shield, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { InstallAppButton } from '../../pwa/install-app-button.tsx';
import { signOut } from '../../features/auth/index.ts';
import type { CurrentUser } from '../../features/auth/index.ts';
import { useEventContext } from '../../features/events/index.ts';
import { eventIdFromPath, paths } from '../../lib/paths.ts';
import { EventNav } from './event-nav.tsx';
import { NavItem } from './nav-item.tsx';

/** The sidebar's buttons look like its links (NavItem). */
const SIDEBAR_BUTTON = {
  variant: 'ghost',
  justifyContent: 'start',
  gap: '3',
  px: '3',
  minH: '11',
  color: 'fg.muted',
  fontWeight: 'medium',
  textStyle: 'md',
  _icon: { boxSize: '5' },
} as const;

interface SidebarNavProps {
  user: CurrentUser | null;
  onOpenMembers(eventId: string): void;
}

/** The sidebar's links: Dashboard, Admin Panel (admins), the event section on event paths, profile, Install app (where offered), sign out. */
export function SidebarNav({ user, onOpenMembers }: SidebarNavProps) {
  const { pathname } = useLocation();
  const eventId = eventIdFromPath(pathname);
  const event = useEventContext(eventId);
  const [isSigningOut, setSigningOut] = useState(false);

  return (
    <Stack as="nav" aria-label="Main" gap="1" p="3" h="full">
      <NavItem to={paths.dashboard.href()} end label="Dashboard" icon={House} />
      {user?.tier === 'organizer' ? (
        <NavItem to={paths.organizer.href()} label="All my events" icon={LayoutGrid} />
      ) : null}
      {user?.role === 'admin' ? <NavItem to={paths.admin.path} label="Admin Panel" icon={Shield} /> : null}
      {eventId ? (
        <>
          <Separator my="2" />
          <EventNav eventId={eventId} event={event} user={user} onOpenMembers={() => onOpenMembers(eventId)} />
        </>
      ) : null}
      <Separator my="2" />
      <NavItem to={paths.profile.path} label="My Profile" icon={UserRound} />
      <InstallAppButton {...SIDEBAR_BUTTON} />
      <Button
        {...SIDEBAR_BUTTON}
        loading={isSigningOut}
        loadingText="Signing out..."
        onClick={() => {
          setSigningOut(true);
          void signOut(paths.login.href()).then(setSigningOut);
        }}
      >
        <LogOut aria-hidden />
        Sign out
      </Button>
    </Stack>
  );
}
