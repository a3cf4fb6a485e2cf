/** Domain helpers for driving the app: sign in, open the menu, the current path. */
import { expect, type Page } from '@playwright/test';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Moves to `path` inside the running app, as its links do: no new document, so the app, its
 * session and its sync go on as they were (a full load starts all of them again, about a second
 * of a small machine's time). The router follows the history entry as it follows Back.
 */
export async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    // The entry as React Router writes its own: its place in the history comes after the current one.
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

export class App {
  constructor(
    readonly page: Page,
    readonly isPhone: boolean,
  ) {}

  /** The path (without query) once the app has settled on it. */
  async expectPath(pathname: string | RegExp) {
    await expect(this.page).toHaveURL((url) =>
      typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
    );
  }

  async visit(path: string) {
    await this.page.goto(path);
  }

  /** Moves to `path` inside the running app (`goInApp`) and waits for the address. */
  async go(path: string) {
    await goInApp(this.page, path);
    await this.expectPath(new URL(path, 'http://app').pathname);
  }

  /** Fills a sign-in form (the login page's, or the waitlist page's) and submits it. */
  async submitSignIn({ email, password }: Credentials) {
    const form = this.page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Signs in from /login (which is /waitlist while the waitlist is on) and waits for the dashboard. */
  async signIn(credentials: Credentials) {
    await this.visit('/login');
    await this.submitSignIn(credentials);
    await this.expectPath('/dashboard');
    await expect(this.page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  }

  /** The sidebar: on a phone, opens the drawer first. */
  async sidebar() {
    if (this.isPhone) {
      await this.page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = this.page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      return drawer.getByRole('navigation', { name: 'Main' });
    }
    return this.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' });
  }

  async signOut() {
    const nav = await this.sidebar();
    // Sign-out loads the sign-in page anew (the router may show it a moment before): wait for the
    // new document, or the next goto would be cut short by it.
    const reloaded = this.page.waitForEvent('load');
    await nav.getByRole('button', { name: 'Sign out' }).click();
    await reloaded;
    await this.expectPath(/^\/(login|waitlist)$/);
    await expect(this.page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  }
}
