/**
 * What the browser offers for installing the app, captured from the first moments of the page
 * (main.tsx imports this before rendering: `beforeinstallprompt` can fire before any component
 * mounts). Chromium browsers hand over a prompt to show on the user's click; iOS Safari has none,
 * so there the app explains Add to Home Screen. An app already running installed offers nothing.
 */
import { useSyncExternalStore } from 'react';

/** The non-standard event of Chromium browsers (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer = 'prompt' | 'ios-instructions' | null;

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** True when the page runs as the installed app (home screen, app window). */
function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iOS (and iPadOS posing as a Mac) Safari, the browser that installs through Share, Add to Home Screen. */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const isIos = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  // Other iOS browsers name themselves (CriOS, FxiOS, EdgiOS...); only Safari can add to the home screen everywhere.
  return isIos && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA|DuckDuckGo/.test(ua);
}

/** Starts listening; call once, before the first render. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the app offers "Install app" itself.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function currentOffer(): InstallOffer {
  if (deferred) return 'prompt';
  if (isIosSafari() && !isStandalone()) return 'ios-instructions';
  return null;
}

/** Shows the browser's install prompt (answers once the user chose). */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  // A prompt can be shown once: the next one comes with a new beforeinstallprompt.
  deferred = null;
  notify();
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentOffer,
    () => null,
  );
}
