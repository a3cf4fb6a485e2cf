/**
 * Ready for no signal (issue 24): Ada presses Get ready on an event whose receipts and chat photos
 * Bo took, the network goes off, and every page of the event works, the pictures included (they
 * load from the device: the avatar cache is emptied and the page reloaded first). Bo, whose phone
 * was ready before his newest receipt, shows as not ready on Ada's overview with how old his copy
 * is, and becomes ready once he opens the app online; forgetting his phone in his profile takes
 * it off Ada's count.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page, Route } from '@playwright/test';
import { App } from './app.ts';
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BACKEND_URL } from './env.ts';
import { TINY_PNG } from './offline-helpers.ts';
import { waitForServiceWorker } from './pwa-helpers.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

async function addReceipt(person: Person, eventId: string, title: string, others: Person[]) {
  const id = randomUUID();
  const share = Math.floor(6000 / (others.length + 1));
  const { error } = await person.client.from('expenses').insert({
    id,
    event_id: eventId,
    title,
    amount_minor: share * (others.length + 1),
    paid_by: person.id,
    spent_on: '2027-07-16',
    category: 'food',
    shares: [person, ...others].map((p) => ({ user_id: p.id, share_minor: share })),
  });
  if (error) throw error;
  // The receipt goes into the expense's folder once the expense exists, as the app does it.
  const path = `${eventId}/${id}/receipt-1.png`;
  const upload = await person.client.storage.from('receipts').upload(path, TINY_PNG, { contentType: 'image/png' });
  if (upload.error) throw upload.error;
  const set = await person.client
    .from('expenses')
    .update({ receipt_path: path, edited_at: new Date().toISOString(), edit_base: {} })
    .eq('id', id);
  if (set.error) throw set.error;
}

async function addChatPhoto(person: Person, eventId: string, body: string) {
  const id = randomUUID();
  const path = `${eventId}/${id}/photo-1.png`;
  const upload = await person.client.storage.from('chat-photos').upload(path, TINY_PNG, { contentType: 'image/png' });
  if (upload.error) throw upload.error;
  const { error } = await person.client.from('chat_messages').insert({ id, event_id: eventId, body, photo_path: path });
  if (error) throw error;
}

async function setAvatar(person: Person) {
  const key = `${person.id}/${person.id}-1.png`;
  const upload = await person.client.storage.from('avatars').upload(key, TINY_PNG, { contentType: 'image/png' });
  if (upload.error) throw upload.error;
  const url = person.client.storage.from('avatars').getPublicUrl(key).data.publicUrl;
  const { error } = await person.client.from('profiles').update({ avatar: url }).eq('id', person.id);
  if (error) throw error;
}

const naturalWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.naturalWidth);
const readyCard = (page: Page) => page.getByRole('region', { name: 'Ready for no signal' });

async function getReady(page: Page) {
  await readyCard(page).getByRole('button', { name: 'Get ready' }).click();
  await expect(readyCard(page).getByRole('button', { name: 'Get ready' })).toBeEnabled({ timeout: 90_000 });
  await expect(readyCard(page)).toContainText(/Ready for no signalsince \d\d:\d\d · [\d.]+ [KMG]B used on this device/);
}

test('Get ready keeps every page and picture of the event for no signal; the crew sees who is ready', async ({
  app,
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const bo = await newPerson('Bo Photographer', 'starter');
  const ada = await newPerson('Ada Ready');
  const eventId = await seedEvent(bo, 'No signal weekend', [ada]);
  await setAvatar(bo);
  await addReceipt(bo, eventId, 'Firewood', [ada]);
  await addChatPhoto(bo, eventId, 'The lake at dawn');

  // Bo's phone gets ready first; then he adds a receipt and a photo it does not have.
  const boContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const boPage = await boContext.newPage();
  await signInAs(new App(boPage, true), bo);
  await waitForServiceWorker(boPage);
  await boPage.goto(`/events/${eventId}`);
  await getReady(boPage);
  await boPage.close();
  await addReceipt(bo, eventId, 'Gas for the cooker', [ada]);
  await addChatPhoto(bo, eventId, 'Our pitch');

  await signInAs(app, ada);
  await waitForServiceWorker(page);
  await app.visit(`/events/${eventId}`);
  await getReady(page);
  const count = readyCard(page).getByTestId('crew-readiness-count');
  await expect(count).toHaveText('Ready for no signal: 1 of 2');
  const notReady = readyCard(page).getByRole('list', { name: 'Not ready yet' });
  await expect(notReady).toContainText(/Bo Photographer · copy .+ old/);
  await page.screenshot({ path: `${SCREENSHOTS}/get-ready-phone.png`, fullPage: true });

  // Offline, with nothing of the pictures in memory or in the avatar cache: they come from Get ready.
  await page.evaluate(() => caches.delete('crewcamp-public-storage'));
  await context.setOffline(true);
  // Requests a controlling service worker passes on may escape the emulation: the backend is gone too.
  const backendDown = (route: Route) => route.abort('internetdisconnected');
  await context.route(`${BACKEND_URL}/**`, backendDown);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  await test.step('overview, with avatars', async () => {
    await app.visit(`/events/${eventId}`);
    const crew = page.getByRole('region', { name: /Who is coming \(2\)/ });
    await expect(crew).toContainText('Bo Photographer');
    await expect.poll(() => naturalWidth(crew.locator('img').first()), { timeout: 15_000 }).toBeGreaterThan(0);
  });
  await test.step('chat, with photos', async () => {
    await app.visit(`/events/${eventId}/chat`);
    for (const label of ['The lake at dawn', 'Our pitch']) {
      const message = page.getByRole('article').filter({ hasText: label });
      const photo = message.getByRole('button', { name: /^Open the photo/ }).locator('img');
      await expect.poll(() => naturalWidth(photo), { timeout: 15_000 }).toBeGreaterThan(0);
    }
  });
  await test.step('expenses, with receipts', async () => {
    await app.visit(`/events/${eventId}/expenses`);
    for (const title of ['Firewood', 'Gas for the cooker']) {
      await page.getByRole('article', { name: title }).getByRole('button', { name: 'Receipt' }).click();
      const dialog = page.getByRole('dialog', { name: `Receipt: ${title}` });
      await expect
        .poll(() => naturalWidth(dialog.getByRole('img', { name: `Receipt: ${title}` })), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
  });
  for (const [section, heading] of [
    ['checklists', 'Checklists'],
    ['schedule', 'Schedule'],
    ['transport', 'Transport'],
    ['camp-planner', 'Site Planner'],
  ] as const) {
    await test.step(section, async () => {
      await app.visit(`/events/${eventId}/${section}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
  await context.unroute(`${BACKEND_URL}/**`, backendDown);
  await context.setOffline(false);

  // Bo opens the app online on his phone: it catches up by itself and reports; Ada sees him ready.
  await app.visit(`/events/${eventId}`);
  await expect(count).toHaveText('Ready for no signal: 1 of 2');
  const boAgain = await boContext.newPage();
  await boAgain.goto('/dashboard');
  await expect(count).toHaveText('Ready for no signal: 2 of 2', { timeout: 60_000 });
  await expect(notReady).toBeHidden();
  // His phone now holds the newest receipt too (fetched by itself, no button pressed).
  const kept = await boAgain.evaluate(
    async ([id]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(`crewcamp-${id}`);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('deviceFiles').objectStore('deviceFiles').count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        };
      }),
    [bo.id],
  );
  expect(kept).toBe(4);

  // Bo sees his phone among his devices and forgets it: Ada's overview no longer counts it.
  await boAgain.goto('/profile/details');
  const devices = boAgain.getByRole('region', { name: 'Your devices' });
  await expect(devices).toContainText('(this device)');
  await boAgain.screenshot({ path: `${SCREENSHOTS}/get-ready-devices-phone.png`, fullPage: true });
  await devices.getByRole('button', { name: /^Forget / }).click();
  await expect(devices).toBeHidden({ timeout: 30_000 });
  await expect(count).toHaveText('Ready for no signal: 1 of 2', { timeout: 30_000 });
  await expect(notReady).toContainText('Bo Photographer · never got ready');
  await boContext.close();
});
