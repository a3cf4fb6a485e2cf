import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startAppSettingsSync } from './lib/app-settings-store.ts';
import { startThemeSync } from './app/theme/theme-store.ts';
import { startAuth, useAuthStore } from './features/auth/index.ts';
import { captureInstallPrompt } from './pwa/install-prompt.ts';
import { registerServiceWorker } from './pwa/register-sw.ts';
import { mayHaveSession } from './features/auth/index.ts';

captureInstallPrompt();
startThemeSync();
startAuth();
startAppSettingsSync();
registerServiceWorker();

// The device database and its sync engine follow the signed-in user (loaded only once someone is).
let isDeviceSyncLoaded = false;
function followAuth(state: ReturnType<typeof useAuthStore.getState>) {
  // A session still waiting for the second factor opens nothing: the app is closed until the code.
  const userId = state.status === 'signed-in' && !state.needsSecondFactor ? (state.session?.user.id ?? null) : null;
  if (userId || (state.status === 'signed-out' && isDeviceSyncLoaded)) {
    isDeviceSyncLoaded = true;
    void import('./app/device-sync.ts').then((sync) => sync.followSignedInUser(userId));
  }
}
followAuth(useAuthStore.getState());
// A returning user: fetch the device database's code while supabase-js restores the session.
if (mayHaveSession()) void import('./app/device-sync.ts').catch(() => undefined);
useAuthStore.subscribe(followAuth);

// The first render as a transition: React renders in slices of a few milliseconds and lets the
// browser answer input in between, instead of one long task while a phone parses the app.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
