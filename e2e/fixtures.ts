/**
 * The test object of every e2e spec: `app` (domain helpers over the page), the theme the page
 * starts in (`theme` option, stored as the app stores it, before any script runs), and, for each
 * worker, its own stack (backend and app server, see stack.ts), started before its first test.
 */
import { test as base } from '@playwright/test';
import { App } from './app.ts';
import { runFromEnv, startServers, type Servers } from './stack.ts';

interface Fixtures {
  app: App;
  theme: 'light' | 'dark' | 'system';
}

interface WorkerFixtures {
  stack: Servers;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const servers = await startServers(runFromEnv());
      await use(servers);
      await servers.stop();
    },
    // A fresh backend is a copy of the template: seconds, but a busy machine may take a while.
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  theme: ['system', { option: true }],
  app: async ({ page, theme, isMobile }, use) => {
    if (theme !== 'system') {
      await page.addInitScript((value) => {
        if (!sessionStorage.getItem('e2e-theme-set')) {
          localStorage.setItem('crewcamp-theme', value);
          sessionStorage.setItem('e2e-theme-set', '1');
        }
      }, theme);
    }
    await use(new App(page, isMobile));
  },
});

export { expect } from '@playwright/test';
