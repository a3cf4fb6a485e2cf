/** The notifications feature's public API: what other features and the app may import (lint-enforced). */
export { NotificationsPanel } from './notifications-panel.tsx';
export { useNotifications } from './use-notifications.ts';
/** @public Unread notifications per event, for the dashboard's cards and the event navigation (issue 19). */
export { useUnreadNotificationsByEvent } from './use-notifications.ts';
export type { Notifications } from './use-notifications.ts';
export { unreadBadgeText } from './notification-items.ts';
export { useAppBadge } from './use-app-badge.ts';
export { RejectedChanges } from './rejected-changes.tsx';
export { ChannelSettingsCard } from './channel-settings-card.tsx';
export { QuietHoursCard } from './quiet-hours-card.tsx';
export { SystemNotificationsCard } from './system-notifications-card.tsx';
export { CatchUpSummary } from './catch-up-summary.tsx';
