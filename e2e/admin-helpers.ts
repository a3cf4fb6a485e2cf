/**
 * Helpers for the admin, billing and friends specs: a page signed in as someone (in a context of
 * its own, so a second person can act beside the admin), axe checks and screenshots of a page.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import path from 'node:path';
import WebSocket from 'ws';
import { App, type Credentials } from './app.ts';
import { ANON_KEY, BACKEND_URL } from './env.ts';
import { expect } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

/** A new browser context (same project settings) with the app, signed out. */
export async function newVisitor(browser: Browser, testInfo: TestInfo): Promise<{ app: App; close(): Promise<void> }> {
  const { viewport, isMobile, hasTouch, locale, timezoneId, colorScheme, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, locale, timezoneId, colorScheme, baseURL });
  const page = await context.newPage();
  return { app: new App(page, Boolean(isMobile)), close: () => context.close() };
}

/** Signs in on /login and waits for the shell (whatever the dashboard shows). */
export async function signInTo(app: App, credentials: Credentials) {
  await app.visit('/login');
  await app.submitSignIn(credentials);
  await app.expectPath('/dashboard');
}

/** Opens an admin tab and waits for its heading. */
export async function openAdminTab(page: Page, tab: string, heading: string) {
  await page.goto(`/admin/${tab}`);
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

/** Saves SCREENSHOTS/{name}-{phone|desktop}.png. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  // From the top, so the sticky header sits where it belongs in a full-page capture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${testInfo.project.name}.png`), fullPage });
}

/** Flips a Chakra switch by clicking its label (the input itself is visually hidden). */
export async function toggleSwitch(page: Page, name: string) {
  await page.locator('label', { has: page.getByRole('checkbox', { name }) }).click();
}

/** Creates an event as this person (through the API, as the app would), answering its id. */
export async function createEventAs(credentials: Credentials, name: string): Promise<string> {
  const client = createClient(BACKEND_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { error: signInError } = await client.auth.signInWithPassword(credentials);
  if (signInError) throw signInError;
  const start = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const { data, error } = await client
    .from('events')
    .insert({ name, start_date: start, end_date: start, location: 'Lake campsite' })
    .select('id')
    .single();
  if (error) throw error;
  await client.auth.signOut();
  return (data as { id: string }).id;
}
