import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { syncStatusStore } from '../sync/sync-status-store.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the server can be reached, kept current: false when the browser says it is offline, or
 * when the sync engine's last request could not reach the server (a signal bar with no data, a
 * captive portal, a page opened offline that the browser still calls online). The engine tries
 * again on its own and on the browser's online event. For the offline banner and the screens that
 * work only with a connection (admin, checkout, invite links).
 */
export function useIsOnline(): boolean {
  const browserOnline = useSyncExternalStore(subscribe, () => navigator.onLine);
  const serverReachable = useStore(syncStatusStore, (status) => status.isOnline);
  return browserOnline && serverReachable;
}
