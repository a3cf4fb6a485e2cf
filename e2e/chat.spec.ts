/**
 * The Group Chat: two members talking in real time (two browser contexts: presence, typing, the
 * unread line, replies), three messages written offline that show as pending and arrive in order,
 * the extended chat and the WhatsApp import gated on a free event and working on a starter one
 * (the same export imported twice adds nothing). Screenshots on a phone and a desktop.
 */
import type { Browser, Page } from '@playwright/test';
import path from 'node:path';
import { App } from './app.ts';
import { serviceClient, setSwitches } from './backend.ts';
import { expectAccessible } from './accessibility.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

const EXPORT = path.resolve(import.meta.dirname, 'fixtures/whatsapp-chat.txt');

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

/** A second person in a browser context of their own: a phone like the project's, or a desktop. */
async function secondDevice(browser: Browser, page: Page, isMobile: boolean) {
  const context = await browser.newContext({
    viewport: isMobile ? (page.viewportSize() ?? undefined) : { width: 1280, height: 800 },
    isMobile,
    hasTouch: isMobile,
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
  });
  const other = await context.newPage();
  return { context, page: other, app: new App(other, isMobile) };
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

/** SCREENSHOTS/chat-{name}-phone.png, then the same at 1280 × 800 (-desktop). */
async function screenshots(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `chat-${name}-phone.png`) });
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `chat-${name}-desktop.png`) });
  if (phone) await page.setViewportSize(phone);
}

async function seedMessages(author: Person, eventId: string, bodies: string[]) {
  for (const body of bodies) {
    const { error } = await author.client.from('chat_messages').insert({ event_id: eventId, body });
    if (error) throw error;
  }
}

async function serverBodies(eventId: string) {
  const { data, error } = await serviceClient()
    .from('chat_messages')
    .select('body, imported, original_sender_name, author_id')
    .eq('event_id', eventId)
    .order('created_at')
    .order('id');
  if (error) throw error;
  return data as { body: string; imported: boolean; original_sender_name: string | null; author_id: string | null }[];
}

test('two members chat in real time: unread line, presence, typing, replies and the length rule', async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const mia = await newPerson('Mia Organizer', 'starter');
  const jonas = await newPerson('Jonas Guest');
  const eventId = await seedEvent(mia, 'Lake weekend', [jonas]);
  await seedMessages(jonas, eventId, ['Hi all!', 'Details on www.example.com/lake.']);

  await signInAs(app, mia);
  await openChat(page, eventId);
  await expect(page.getByText('2 new messages')).toBeVisible();
  await expect(messages(page)).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'www.example.com/lake' })).toHaveAttribute(
    'href',
    'https://www.example.com/lake',
  );
  // Seeing the newest message moves Mia's read marker on the server.
  await expect
    .poll(async () => {
      const { data } = await serviceClient()
        .from('chat_read_markers')
        .select('user_id')
        .eq('event_id', eventId)
        .eq('user_id', mia.id);
      return data?.length ?? 0;
    })
    .toBe(1);

  // Jonas is on a desktop, where Enter sends.
  const jonasDevice = await secondDevice(browser, page, false);
  await signInAs(jonasDevice.app, jonas);
  await openChat(jonasDevice.page, eventId);
  await expect(page.getByText('Online: You, Jonas Guest')).toBeVisible({ timeout: 10_000 });
  await expect(jonasDevice.page.getByText('Online: You, Mia Organizer')).toBeVisible();

  await composer(jonasDevice.page).getByLabel('Message').fill('Bringing the kayak');
  await expect(page.getByText('Jonas Guest is typing…')).toBeVisible();
  await composer(jonasDevice.page).getByLabel('Message').press('Enter');
  await expect(messages(page).last()).toContainText('Bringing the kayak', { timeout: 10_000 });
  await expect(page.getByText('Jonas Guest is typing…')).toBeHidden();

  // Mia answers with a reply (extended chat: the event is on starter).
  await messages(page)
    .last()
    .getByRole('button', { name: /Reply or react to Jonas Guest's message/ })
    .click();
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(composer(page)).toContainText('Replying to Jonas Guest');
  // On the phone, Enter is a new line; the Send button sends.
  await composer(page).getByLabel('Message').fill('Perfect, see you at the lake');
  await composer(page).getByLabel('Message').press('Enter');
  await expect(composer(page).getByLabel('Message')).toHaveValue('Perfect, see you at the lake\n');
  await composer(page).getByRole('button', { name: 'Send' }).click();
  await expect(messages(jonasDevice.page).last()).toContainText('Perfect, see you at the lake', { timeout: 10_000 });
  await expect(messages(jonasDevice.page).last()).toContainText('You: Bringing the kayak');

  // The length rule is said before sending.
  await composer(page).getByLabel('Message').fill('x'.repeat(4001));
  await expect(composer(page).getByText('Messages can be 4,000 characters at most.')).toBeVisible();
  await expect(composer(page).getByRole('button', { name: 'Send' })).toBeDisabled();
  await composer(page).getByLabel('Message').fill('');

  await screenshots(page, 'conversation');
  await expectAccessible(page, 'group chat');
  await jonasDevice.context.close();
});

test('three messages written offline show as pending and arrive in order after reconnecting', async ({
  app,
  page,
  context,
  browser,
  isMobile,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const ana = await newPerson('Ana Organizer');
  const ben = await newPerson('Ben Guest');
  const eventId = await seedEvent(ana, 'Forest camp', [ben]);

  await signInAs(app, ana);
  await openChat(page, eventId);
  await expect(page.getByText('No messages yet. Say hello to the crew!')).toBeVisible();

  const benDevice = await secondDevice(browser, page, isMobile);
  await signInAs(benDevice.app, ben);
  await openChat(benDevice.page, eventId);

  await context.setOffline(true);
  for (const text of ['First, offline', 'Second, offline', 'Third, offline']) await send(page, text);
  await expect(messages(page)).toHaveCount(3);
  await expect(page.locator('article[data-pending="true"]')).toHaveCount(3);
  await expect(page.getByText('Offline: who is online shows when you are back')).toBeVisible();
  await expect(messages(page).nth(0)).toContainText('Waiting to send');
  await screenshots(page, 'offline-pending');

  await context.setOffline(false);
  await expect(page.locator('article[data-pending="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(messages(benDevice.page)).toHaveText([/First, offline/, /Second, offline/, /Third, offline/], {
    timeout: 15_000,
  });
  expect((await serverBodies(eventId)).map((m) => m.body)).toEqual([
    'First, offline',
    'Second, offline',
    'Third, offline',
  ]);
  await benDevice.context.close();
});

test('reactions, search and the WhatsApp import: the upgrade prompt on a free event, working on a starter one', async ({
  app,
  page,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const free = await newPerson('Fay Free');
  const lena = await newPerson('Lena Brandt');
  const freeEvent = await seedEvent(free, 'Free picnic', [lena]);
  await seedMessages(lena, freeEvent, ['Anyone up for a swim?']);

  await signInAs(app, free);
  await openChat(page, freeEvent);
  await messages(page)
    .first()
    .getByRole('button', { name: /Reply or react/ })
    .click();
  await expect(
    page.getByRole('region', { name: 'Messages' }).getByText('Upgrade to Starter to unlock this feature'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'React with 👍' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Import' }).click();
  const lockedImport = page.getByRole('dialog', { name: 'Import a WhatsApp chat' });
  await expect(lockedImport.getByText('Upgrade to Starter to unlock this feature')).toBeVisible();
  await screenshots(page, 'import-locked');
  await lockedImport.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Search messages' }).getByText('Upgrade to Starter to unlock this feature'),
  ).toBeVisible();
  await page.getByRole('dialog', { name: 'Search messages' }).getByRole('button', { name: 'Close' }).click();

  // On a starter event both work.
  const sam = await newPerson('Sam Starter', 'starter');
  const starterEvent = await seedEvent(sam, 'Starter festival', [lena]);
  await seedMessages(lena, starterEvent, ['Tickets are in!']);
  await app.signOut();
  await signInAs(app, sam);
  await openChat(page, starterEvent);
  await messages(page)
    .first()
    .getByRole('button', { name: /Reply or react/ })
    .click();
  await page.getByRole('button', { name: 'React with 🎉' }).click();
  await expect(messages(page).first().getByRole('button', { name: '🎉 1, yours' })).toBeVisible();
  await expect
    .poll(async () => {
      const { data } = await serviceClient()
        .from('chat_reactions')
        .select('emoji')
        .eq('event_id', starterEvent)
        .is('deleted_at', null);
      return data?.map((r) => r.emoji);
    })
    .toEqual(['🎉']);

  async function importExport(expectDone: string) {
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a WhatsApp chat' });
    await dialog.getByLabel('Chat export (.txt or .zip)').setInputFiles(EXPORT);
    await expect(dialog.getByText(/^6 messages from 3 people/)).toBeVisible();
    // Lena is matched to the member of that name; Tom and Ida stay imported names.
    await expect(dialog.getByLabel('Lena Brandt (2 messages)')).toHaveValue(lena.id);
    await expect(dialog.getByLabel('Tom Weber (2 messages)')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Import 6 messages' }).click();
    await expect(dialog.getByText(expectDone)).toBeVisible({ timeout: 15_000 });
    return dialog;
  }
  const dialog = await importExport('Import done: 6 messages checked.');
  await screenshots(page, 'import');
  await expectAccessible(page, 'WhatsApp import');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(messages(page).filter({ hasText: 'Who brings the big tent?' })).toHaveCount(1, { timeout: 15_000 });
  const afterFirst = await serverBodies(starterEvent);
  expect(afterFirst.filter((m) => m.imported)).toHaveLength(6);
  expect(afterFirst.find((m) => m.body === 'Who brings the big tent?')?.author_id).toBe(lena.id);
  expect(afterFirst.find((m) => m.body === 'I can take it in my car')?.original_sender_name).toBe('Tom Weber');

  await importExport('Import done: 6 messages checked.');
  expect((await serverBodies(starterEvent)).filter((m) => m.imported)).toHaveLength(6);
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).first().click();

  // Search (extended chat) finds imported messages too, and shows the one picked.
  await page.getByRole('button', { name: 'Search' }).click();
  const search = page.getByRole('dialog', { name: 'Search messages' });
  await search.getByLabel('Search for').fill('stove');
  await expect(search.getByText('1 match:')).toBeVisible();
  await search.getByRole('button', { name: /Also the gas stove/ }).click();
  await expect(search).toBeHidden();
  await expect(messages(page).filter({ hasText: 'Also the gas stove' })).toBeInViewport();
});
