/** The notifications feature's public API: what other features and the app may import (lint-enforced). */
export { NotificationsPanel } from './notifications-panel.tsx';
export { useNotifications } from './use-notifications.ts';
export type { Notifications } from './use-notifications.ts';
export { RejectedChanges } from './rejected-changes.tsx';
