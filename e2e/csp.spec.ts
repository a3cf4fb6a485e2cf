/**
 * The built app under its Content-Security-Policy: `vite preview` sends the policy and the other
 * security headers of the build's `_headers` file, index.html carries the policy as a meta tag
 * for the project the build talks to, and the main pages (landing, login, dashboard, an event, the
 * chat receiving a message over Realtime, the profile with a new avatar shown from storage) run
 * without one CSP violation: none reported by a `securitypolicyviolation` event, none in the
 * console. A script the policy does not allow is seen, so the watch can fail.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { APP_URL, BACKEND_URL } from './env.ts';
import { expect, test } from './fixtures.ts';
import { TINY_PNG } from './offline-helpers.ts';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Records every CSP violation of the context's pages: the DOM event and the console line. */
async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__cspViolation', (_source, violation: Violation) => {
    seen.push(`${violation.directive} blocked ${violation.blocked} (${violation.source})`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation(v: Violation): void }).__cspViolation;
      report({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile });
    });
  });
  const onConsole = (message: { text(): string }) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|evaluate|frame|create)/i.test(message.text())) {
      seen.push(`console: ${message.text()}`);
    }
  };
  context.on('console', onConsole);
  page.on('console', onConsole);
  return seen;
}

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('the build carries the policy as a meta tag and vite preview sends it with the security headers', async ({
  page,
}) => {
  const dist = process.env.E2E_DIST_DIR;
  expect(dist, 'the e2e stack serves a build').toBeTruthy();
  const html = await readFile(path.join(dist!, 'index.html'), 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1]?.replace(/&#39;/g, "'");
  expect(meta).toContain(`connect-src 'self' ${BACKEND_URL} ${BACKEND_URL.replace('http', 'ws')}`);
  expect(meta).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){2};/);
  expect(meta).not.toContain('frame-ancestors');
  expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));

  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toBe(`${meta}; frame-ancestors 'none'`);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-frame-options']).toBe('DENY');
  // Every file, not only the page.
  const script = await page.request.get(`${APP_URL}/sw.js`);
  expect(script.headers()['content-security-policy']).toBe(headers['content-security-policy']);
  expect(await readFile(path.join(dist!, '_headers'), 'utf8')).toContain(`Content-Security-Policy: ${meta}`);
});

test('the main pages run with no CSP violation, Realtime and storage images included @desktop', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(context, page);
  const ada = await newPerson('Ada Policy', 'starter');
  const ben = await newPerson('Ben Policy');
  const eventId = await seedEvent(ada, 'Policy weekend', [ben]);
  const benKey = `${ben.id}/${ben.id}-1.png`;
  const uploaded = await ben.client.storage.from('avatars').upload(benKey, TINY_PNG, { contentType: 'image/png' });
  expect(uploaded.error).toBeNull();
  const benAvatar = ben.client.storage.from('avatars').getPublicUrl(benKey).data.publicUrl;
  expect((await ben.client.from('profiles').update({ avatar: benAvatar }).eq('id', ben.id)).error).toBeNull();

  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await signInAs(app, ada);
  // The service worker installs and precaches under the policy too.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Policy weekend' })).toBeVisible({ timeout: 15_000 });
  // Ben's face on the crew card comes from the storage backend.
  const face = page.locator(`img[src="${benAvatar}"]`).first();
  await expect.poll(() => face.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await page.goto(`/events/${eventId}/chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Group Chat' })).toBeVisible({ timeout: 15_000 });
  const { error } = await ben.client.from('chat_messages').insert({ event_id: eventId, body: 'Live over the socket' });
  expect(error).toBeNull();
  await expect(page.getByText('Live over the socket')).toBeVisible({ timeout: 10_000 });

  // Uploading a picture sends the bytes to storage from the page.
  await page.goto('/profile/details');
  await page.getByLabel('Upload a profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(TINY_PNG),
  });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await expect
    .poll(
      async () => {
        const { data } = await serviceClient().from('profiles').select('avatar').eq('id', ada.id).single();
        return (data as { avatar: string | null } | null)?.avatar ?? '';
      },
      { timeout: 20_000 },
    )
    .toMatch(`${BACKEND_URL}/storage/v1/object/public/avatars/${ada.id}/`);

  expect(violations).toEqual([]);

  // The watch does see a violation: an inline script the policy has no hash for.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join('\n')).toMatch(/script-src/);
});
