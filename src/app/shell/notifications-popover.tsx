import { IconButton, Link, Popover, Portal } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { NotificationsPanel } from '../../features/notifications/index.ts';
import type { Notifications } from '../../features/notifications/index.ts';
import { paths } from '../../lib/paths.ts';
import { BellWithBadge } from './notifications-bell.tsx';

/** The bell's popover: the notifications panel and the settings link (loaded when first opened). */
export function NotificationsPopover({
  notifications,
  label,
  badge,
}: {
  notifications: Notifications;
  label: string;
  badge: string | null;
}) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={label} position="relative">
          <BellWithBadge badge={badge} />
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
