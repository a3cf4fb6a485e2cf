/**
 * The group chat on a phone (issue 20): one author's consecutive messages grouped (name and time
 * once), editing and deleting one's own message (seen as edited / deleted by the other member too),
 * and a photo taken offline: scaled on the device, shown at once as pending, sent on reconnecting
 * and received by another member, who opens it in the viewer. Nothing scrolls sideways at 390 or
 * 360 px. Screenshots at 390 and 1280 px.
 */
import type { Browser, Page } from '@playwright/test';
import path from 'node:path';
import { App } from './app.ts';
import { serviceClient, setSwitches } from './backend.ts';
import { expectAccessible } from './accessibility.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

async function otherPhone(browser: Browser, page: Page) {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
  });
  const other = await context.newPage();
  return { context, page: other, app: new App(other, true) };
}

async function openChat(page: Page, eventId: string) {
  await page.goto(`/events/${eventId}/chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Group Chat' })).toBeVisible({ timeout: 15_000 });
}

const messages = (page: Page) => page.getByRole('region', { name: 'Messages' }).getByRole('article');
const composer = (page: Page) => page.getByRole('form', { name: 'Write a message' });

async function send(page: Page, text: string) {
  await composer(page).getByLabel('Message').fill(text);
  await composer(page).getByRole('button', { name: 'Send' }).click();
}

async function seedMessages(author: Person, eventId: string, bodies: string[]) {
  for (const body of bodies) {
    const { error } = await author.client.from('chat_messages').insert({ event_id: eventId, body });
    if (error) throw error;
  }
}

/** A camera-sized JPEG (4000 × 3000, a few MB), drawn in the browser: what a phone photo is like. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000);
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, '#2f6f4f');
    gradient.addColorStop(1, '#f2c14e');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 4000, 3000);
    // Detail a camera has (leaves, grass): without it the JPEG would be tiny.
    const image = ctx.getImageData(0, 0, 4000, 3000);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed % 64) - 32;
      image.data[i] += noise;
      image.data[i + 1] += noise;
      image.data[i + 2] += noise;
    }
    ctx.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `chat-${name}-phone.png`) });
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `chat-${name}-desktop.png`) });
  if (phone) await page.setViewportSize(phone);
}

test('grouping, editing, deleting, and a photo sent offline and received by another member', async ({
  app,
  page,
  context,
  browser,
}) => {
  // Long: two phones, a camera-sized photo drawn and scaled in the browser, offline and back.
  test.setTimeout(180_000);
  const ana = await newPerson('Ana Organizer');
  const ben = await newPerson('Ben Guest');
  const eventId = await seedEvent(ana, 'Forest camp', [ben]);
  await seedMessages(ben, eventId, ['Arriving Friday', 'with the big tent', 'and the stove']);

  await signInAs(app, ana);
  await openChat(page, eventId);
  await expect(messages(page)).toHaveCount(3);
  // Ben's three messages form one group: his name and the time once, at its top.
  await expect(messages(page).nth(0).getByText('Ben Guest')).toBeVisible();
  await expect(messages(page).nth(1).getByText('Ben Guest')).toHaveCount(0);
  await expect(messages(page).nth(2).getByText('Ben Guest')).toHaveCount(0);
  await expect(messages(page).nth(2).locator('time')).toHaveCount(0);

  await send(page, 'Great, see you there');
  await send(page, 'I bring the pasta');
  await send(page, 'Wrong chat, sorry');
  await expect(messages(page)).toHaveCount(6);
  await expect(page.locator('article[data-pending="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(messages(page).nth(3).getByText('You', { exact: true })).toBeVisible();
  await expect(messages(page).nth(4).getByText('You', { exact: true })).toHaveCount(0);

  // Edit one's own message: the composer takes its text, Save replaces it.
  await messages(page)
    .nth(4)
    .getByRole('button', { name: /Reply or react to You's message/ })
    .click();
  await messages(page).nth(4).getByRole('button', { name: 'Edit' }).click();
  await expect(composer(page)).toContainText('Editing your message');
  await expect(composer(page).getByLabel('Message')).toHaveValue('I bring the pasta');
  await composer(page).getByLabel('Message').fill('I bring the pasta and the pesto');
  await composer(page).getByRole('button', { name: 'Save' }).click();
  await expect(messages(page).nth(4)).toContainText('I bring the pasta and the pesto');
  await expect(messages(page).nth(4)).toContainText('edited');

  // Delete one's own message: asked first, then a tombstone.
  await messages(page)
    .nth(5)
    .getByRole('button', { name: /Reply or react to You's message/ })
    .click();
  await messages(page).nth(5).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(messages(page).nth(5)).toContainText('This message was deleted');
  await expect(messages(page).nth(5)).not.toContainText('Wrong chat');
  // Others' messages offer no edit or delete.
  await messages(page)
    .nth(0)
    .getByRole('button', { name: /Reply or react to Ben Guest's message/ })
    .click();
  await expect(messages(page).nth(0).getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(messages(page).nth(0).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await messages(page)
    .nth(0)
    .getByRole('button', { name: /Reply or react to Ben Guest's message/ })
    .click();

  const benPhone = await otherPhone(browser, page);
  await signInAs(benPhone.app, ben);
  await openChat(benPhone.page, eventId);
  await expect(messages(benPhone.page).nth(4)).toContainText('I bring the pasta and the pesto');
  await expect(messages(benPhone.page).nth(4)).toContainText('edited');
  await expect(messages(benPhone.page).nth(5)).toContainText('This message was deleted');
  const { data: deleted } = await serviceClient()
    .from('chat_messages')
    .select('body, deleted_at')
    .eq('event_id', eventId)
    .not('deleted_at', 'is', null);
  expect(deleted).toEqual([{ body: '', deleted_at: expect.any(String) }]);

  // A photo taken offline: scaled on the phone, shown at once, sent when back online.
  const original = await cameraPhoto(page);
  await context.setOffline(true);
  await composer(page).getByLabel('Add a photo').setInputFiles({
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: original,
  });
  await expect(composer(page)).toContainText('IMG_2041.jpg');
  await composer(page).getByLabel('Message').fill('Our pitch');
  await composer(page).getByRole('button', { name: 'Send' }).click();
  const photoMessage = messages(page).last();
  await expect(photoMessage).toHaveAttribute('data-pending', 'true');
  await expect(photoMessage.getByRole('button', { name: /Open the photo/ }).locator('img')).toBeVisible();
  await expect(photoMessage).toContainText('Our pitch');
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });
  await shoot(page, 'photo-offline');

  const back = Date.now();
  await context.setOffline(false);
  await expect(page.locator('article[data-pending="true"]')).toHaveCount(0, { timeout: 30_000 });
  const sendMs = Date.now() - back;

  const { data: rows } = await serviceClient()
    .from('chat_messages')
    .select('photo_path')
    .eq('event_id', eventId)
    .not('photo_path', 'is', null);
  expect(rows).toHaveLength(1);
  const stored = await serviceClient()
    .storage.from('chat-photos')
    .download(rows![0].photo_path as string);
  expect(stored.error).toBeNull();
  const storedBytes = (await stored.data!.arrayBuffer()).byteLength;
  expect(storedBytes).toBeLessThan(original.byteLength / 2);
  console.log(
    `chat photo: ${original.byteLength} bytes taken, ${storedBytes} bytes sent after scaling; sent ${sendMs} ms after reconnecting`,
  );

  // Ben receives it and opens it in the viewer.
  const received = messages(benPhone.page).last();
  await expect(received).toContainText('Our pitch', { timeout: 15_000 });
  await expect(received.getByRole('button', { name: /Open the photo/ }).locator('img')).toBeVisible({
    timeout: 15_000,
  });
  await received.getByRole('button', { name: /Open the photo/ }).click();
  const viewer = benPhone.page.getByRole('dialog', { name: 'Photo from Ana Organizer' });
  await expect(viewer.getByRole('img', { name: 'Photo from Ana Organizer' })).toBeVisible();
  const natural = await viewer
    .getByRole('img', { name: 'Photo from Ana Organizer' })
    .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(natural).toEqual([1600, 1200]);
  await shoot(benPhone.page, 'photo-viewer');
  await expectAccessible(benPhone.page, 'chat photo viewer');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await shoot(benPhone.page, 'grouped');
  await expectAccessible(benPhone.page, 'chat with grouped, edited, deleted and photo messages');

  // Nothing scrolls sideways on the narrowest phone either.
  await benPhone.page.setViewportSize({ width: 360, height: 740 });
  await benPhone.page.waitForTimeout(300);
  expect(await layoutProblems(benPhone.page)).toEqual({ sideways: 0, clipped: [] });
  await benPhone.context.close();
});
