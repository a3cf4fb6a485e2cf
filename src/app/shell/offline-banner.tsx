import { lazy, Suspense } from 'react';
import { useRejectedChanges } from '../../data/index.ts';
import { SignOutConfirm } from '../../features/sync-status/index.ts';
import { StorageWarning } from '../../features/sync-status/index.ts';
import { SyncBanner } from '../../features/sync-status/index.ts';
import { TempIdRedirect } from '../../features/sync-status/index.ts';
import { paths } from '../../lib/paths.ts';

// Loaded only when the server has refused a change: a popover (~25 KB) no other signed-in page needs.
const RejectedChanges = lazy(() =>
  import('../../features/notifications/index.ts').then((m) => ({ default: m.RejectedChanges })),
);

/**
 * The top of the shell: the sync status line ("You're offline. Some features may be limited."
 * and how many changes wait, sending, sign-in needed, all saved, refused changes), storage
 * warnings, the question before a sign-out would lose unsent changes, and the move from an
 * offline-made event's temp id to its real one in the address.
 */
export function OfflineBanner() {
  const hasRejected = useRejectedChanges().changes.length > 0;
  return (
    <>
      <SyncBanner
        rejected={
          hasRejected ? (
            <Suspense fallback={null}>
              <RejectedChanges />
            </Suspense>
          ) : null
        }
        hasRejected={hasRejected}
        loginHref={paths.login.href()}
      />
      <StorageWarning />
      <SignOutConfirm />
      <TempIdRedirect />
    </>
  );
}
