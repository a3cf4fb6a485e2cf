import { Box, Float, IconButton, Link, Popover, Portal } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { NotificationsPanel } from '../../features/notifications/notifications-panel.tsx';
import { useNotifications } from '../../features/notifications/use-notifications.ts';
import { paths } from '../paths.ts';

/** The unread count as the bell's badge shows it: the number, or 9+ above 9. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** The header's notifications bell; the unread count comes from the notifications feature. */
export function NotificationsBell() {
  const notifications = useNotifications();
  const unreadCount = notifications.unread;
  const badge = unreadBadgeText(unreadCount);
  const label = badge ? `Notifications, ${unreadCount} unread` : 'Notifications';
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={label} position="relative">
          <Bell />
          {badge ? (
            <Float placement="top-end" offset="2">
              <Box
                as="span"
                aria-hidden
                minW="4.5"
                h="4.5"
                px="1"
                rounded="full"
                bg="ember.solid"
                color="ember.contrast"
                display="flex"
                alignItems="center"
                justifyContent="center"
                fontSize="0.625rem"
                fontWeight="bold"
                lineHeight="1"
              >
                {badge}
              </Box>
            </Float>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 2rem)', sm: '22rem' }}>
            <NotificationsPanel notifications={notifications} />
            <Popover.Footer>
              <Link asChild color="forest.fg" fontWeight="medium">
                <RouterLink to={paths.profile.href('notifications')}>Manage notification settings</RouterLink>
              </Link>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
