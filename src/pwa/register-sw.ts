/**
 * Registers the service worker (sw/sw.ts) with workbox-window once the page has loaded, so neither
 * the registration nor workbox-window sits in the first load's critical path. A new version
 * waits until the user agrees (update-store.ts); then it takes over and the page reloads once.
 * Not in `vite dev`: development runs without a service worker.
 */
import { usePwaUpdateStore } from './update-store.ts';

/** How often an open app asks the server for a new version (also on return to the tab). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    usePwaUpdateStore.setState({
      isUpdateReady: true,
      applyUpdate: () => {
        // Reload once the new worker controls the page (it activates on SKIP_WAITING).
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  try {
    const registration = await wb.register();
    const check = () => void registration?.update().catch(() => undefined);
    setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
  } catch (error) {
    console.warn('The service worker could not be registered', error);
  }
}
