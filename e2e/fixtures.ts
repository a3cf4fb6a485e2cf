/**
 * The test object of every e2e spec: `app` (domain helpers over the page) and the theme the page
 * starts in (`theme` option, stored as the app stores it, before any script runs).
 */
import { test as base } from '@playwright/test';
import { App } from './app.ts';

interface Fixtures {
  app: App;
  theme: 'light' | 'dark' | 'system';
}

export const test = base.extend<Fixtures>({
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
