/** The sync-status feature's public API: what other features and the app may import (lint-enforced). */
export { SignOutConfirm } from './sign-out-confirm.tsx';
export { StorageWarning } from './storage-warning.tsx';
export { SyncBanner } from './sync-banner.tsx';
export { isRealIdMove, TempIdRedirect } from './temp-id-redirect.tsx';
