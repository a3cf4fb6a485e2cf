import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
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

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>
);
const { prerendered, prerenderedQuery } = container.dataset;
if (prerendered === location.pathname && (!location.search || prerenderedQuery === 'any')) {
  // A page drawn at build time (src/prerender): React takes over its markup, as a transition, so
  // that hydration runs in slices and lets the browser answer input in between. (A static host
  // answers `/register?token=…` with the same page, drawn without the token: that one is drawn
  // anew, replacing it. The join page's shell stands for every event: it shows the lookup.)
  startTransition(() => void hydrateRoot(container, app));
} else {
  // The first render as a transition: React renders in slices of a few milliseconds and lets the
  // browser answer input in between, instead of one long task while a phone parses the app.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
