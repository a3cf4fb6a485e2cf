import { Box, Float } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { OnDemandButton } from '../../components/on-demand-button.tsx';
import { unreadBadgeText, useAppBadge, useNotifications } from '../../features/notifications/index.ts';
import { useOnDemand } from '../../lib/lazy-page.ts';

/** The bell with its unread badge: the content of the button, closed or with the popover. */
export function BellWithBadge({ badge }: { badge: string | null }) {
  return (
    <>
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
    </>
  );
}

const loadPopover = () => import('./notifications-popover.tsx');

/**
 * The header's notifications bell; the unread count comes from the notifications feature. The
 * popover's code (the panel, its cards) loads when it is first opened.
 */
export function NotificationsBell() {
  const notifications = useNotifications();
  const popover = useOnDemand(loadPopover);
  const unreadCount = notifications.unread;
  // The installed app's icon shows the same count.
  useAppBadge(unreadCount);
  const badge = unreadBadgeText(unreadCount);
  const label = badge ? `Notifications, ${unreadCount} unread` : 'Notifications';
  if (popover.module) {
    return <popover.module.NotificationsPopover notifications={notifications} label={label} badge={badge} />;
  }
  return (
    <OnDemandButton label={label} popup="dialog" onDemand={popover} position="relative">
      <BellWithBadge badge={badge} />
    </OnDemandButton>
  );
}
