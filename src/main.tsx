import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startAppSettingsSync } from './app/settings/app-settings-store.ts';
import { startThemeSync } from './app/theme/theme-store.ts';
import { startAuth, useAuthStore } from './features/auth/auth-store.ts';
import { captureInstallPrompt } from './pwa/install-prompt.ts';
import { registerServiceWorker } from './pwa/register-sw.ts';

captureInstallPrompt();
startThemeSync();
startAuth();
startAppSettingsSync();
registerServiceWorker();

// The device database and its sync engine follow the signed-in user (loaded only once someone is).
let isDeviceSyncLoaded = false;
function followAuth(state: ReturnType<typeof useAuthStore.getState>) {
  const userId = state.status === 'signed-in' ? (state.session?.user.id ?? null) : null;
  if (userId || (state.status === 'signed-out' && isDeviceSyncLoaded)) {
    isDeviceSyncLoaded = true;
    void import('./data/device-sync.ts').then((sync) => sync.followSignedInUser(userId));
  }
}
followAuth(useAuthStore.getState());
useAuthStore.subscribe(followAuth);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
