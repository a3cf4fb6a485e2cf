/**
 * The installed app's icon shows the unread count (Badging API, where the browser has it: Chrome
 * and Edge on desktop and Android for installed apps, Safari on iOS home-screen apps). Browsers
 * without it, and a refused call (not installed), change nothing.
 */
import { useEffect } from 'react';

interface BadgingNavigator {
  setAppBadge?(count?: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
}

export function useAppBadge(unread: number): void {
  useEffect(() => {
    const nav = navigator as Navigator & BadgingNavigator;
    if (!nav.setAppBadge || !nav.clearAppBadge) return;
    const done = unread > 0 ? nav.setAppBadge(unread) : nav.clearAppBadge();
    done.catch(() => undefined);
  }, [unread]);
}
