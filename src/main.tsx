import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startAppSettingsSync } from './lib/app-settings-store.ts';
import { startThemeSync } from './app/theme/theme-store.ts';
import { startAuth } from './features/auth/index.ts';
import { startFollowingAuth } from './app/follow-auth.ts';
import { captureInstallPrompt } from './pwa/install-prompt.ts';
import { registerServiceWorker } from './pwa/register-sw.ts';

captureInstallPrompt();
startThemeSync();
startAuth();
startAppSettingsSync();
registerServiceWorker();

startFollowingAuth();

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
