/**
 * `npm run bench:ready`: Get ready (issue 24) for an event with 2,000 chat messages, 60 receipt
 * photos (about 30 MB) and 40 avatars, in headless Chromium on the built app (the e2e stack), over
 * a link throttled to 10 Mbit/s with 100 ms round trips (CDP Network.emulateNetworkConditions).
 * Measured from the sign-in (a new device: the first pull of every row is part of it) to "Ready for
 * no signal", against the time the bytes that crossed the link (CDP encodedDataLength, summed)
 * take at 10 Mbit/s. Goal: within 1.3x. Also the storage used (navigator.storage.estimate).
 * Prints a table; writes bench/results/ready.json. Not part of the test suite.
 */
import { chromium } from '@playwright/test';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serviceClient } from '../e2e/backend.ts';
import { APP_URL } from '../e2e/env.ts';
import { startStack } from '../e2e/stack.ts';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'bench-password-1';
const MESSAGES = 2000;
const RECEIPTS = 60;
const RECEIPT_BYTES = 500_000;
const AVATARS = 40;
const AVATAR_BYTES = 20_000;
const LINK_BITS_PER_SECOND = 10_000_000;
const ROUND_TRIP_MS = 100;

/** Incompressible bytes behind a JPEG's magic numbers (storage checks a file's content type by them). */
function jpegOf(size: number): Buffer {
  const body = randomBytes(size);
  body.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00], 0);
  body.set([0xff, 0xd9], size - 2);
  return body;
}

async function check<T>(
  answer: PromiseLike<{ data: T | null; error: unknown } | { data: { user: null }; error: unknown }>,
): Promise<NonNullable<T>> {
  const { data, error } = await answer;
  if (error || data === null || data === undefined) throw error ?? new Error('no data');
  return data as NonNullable<T>;
}

async function seed(): Promise<{ email: string; eventId: string; fileBytes: number }> {
  const admin = serviceClient();
  const stamp = Date.now();
  const user = async (label: string) =>
    (
      await check<{ user: { id: string } }>(
        admin.auth.admin.createUser({
          email: `ready.${label}.${stamp}@example.com`,
          password: PASSWORD,
          email_confirm: true,
          user_metadata: { name: `Ready ${label}` },
        }),
      )
    ).user.id;
  const email = `ready.ada.${stamp}@example.com`;
  const ada = await user('ada');
  const bo = await user('bo');
  await check(admin.from('profiles').update({ subscription_tier: 'organizer' }).eq('id', bo).select('id'));
  const crew = [ada, bo];
  for (let i = 0; crew.length < AVATARS; i += 2)
    crew.push(...(await Promise.all(Array.from({ length: 2 }, (_, j) => user(`crew${i + j}`)))));
  const made = await admin.from('events').insert({ name: 'Bench lake weekend', created_by: bo }).select('id').single();
  if (made.error) throw made.error;
  const eventId = made.data.id as string;
  await check(
    admin
      .from('event_members')
      .insert(crew.filter((id) => id !== bo).map((id) => ({ event_id: eventId, user_id: id, role: 'member' })))
      .select('id'),
  );
  let fileBytes = 0;
  // 40 members (the organizer plan's limit), each with an avatar (incompressible bytes: what crosses the link is what was stored).
  for (const id of crew.slice(0, AVATARS)) {
    const key = `${id}/${id}-1.jpg`;
    await check(admin.storage.from('avatars').upload(key, jpegOf(AVATAR_BYTES), { contentType: 'image/jpeg' }));
    fileBytes += AVATAR_BYTES;
    const url = admin.storage.from('avatars').getPublicUrl(key).data.publicUrl;
    await check(admin.from('profiles').update({ avatar: url }).eq('id', id).select('id'));
  }
  // 60 receipts of about 500 KB.
  const expenses = Array.from({ length: RECEIPTS }, (_, n) => {
    const id = randomUUID();
    return {
      id,
      event_id: eventId,
      title: `Receipt ${n + 1}`,
      amount_minor: 2000,
      paid_by: bo,
      created_by: bo,
      spent_on: '2027-07-16',
      category: 'food',
      receipt_path: `${eventId}/${id}/receipt-1.jpg`,
      shares: [
        { user_id: bo, share_minor: 1000 },
        { user_id: ada, share_minor: 1000 },
      ],
    };
  });
  for (const expense of expenses) {
    await check(
      admin.storage.from('receipts').upload(expense.receipt_path, jpegOf(RECEIPT_BYTES), { contentType: 'image/jpeg' }),
    );
    fileBytes += RECEIPT_BYTES;
  }
  await check(admin.from('expenses').insert(expenses).select('id'));
  for (let start = 0; start < MESSAGES; start += 500)
    await check(
      admin
        .from('chat_messages')
        .insert(
          Array.from({ length: 500 }, (_, i) => ({
            event_id: eventId,
            author_id: crew[(start + i) % crew.length],
            body: `Message ${start + i + 1}: who brings the tarp, the stove and the big water can?`,
          })),
        )
        .select('id'),
    );
  return { email, eventId, fileBytes };
}

/** The stretches with no request in flight between the first request and the last (where time goes that is not the link's). */
function idleGaps(spans: { url: string; start: number; end: number; bytes: number }[]) {
  const done = spans.filter((span) => Number.isFinite(span.end)).sort((a, b) => a.start - b.start);
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
  const found: { seconds: number; before: string; after: string }[] = [];
  let busyUntil = done[0]?.start ?? 0;
  let last = done[0];
  for (const span of done) {
    if (span.start > busyUntil)
      found.push({ seconds: span.start - busyUntil, before: short(last.url), after: short(span.url) });
    if (span.end > busyUntil) {
      busyUntil = span.end;
      last = span;
    }
  }
  // Megabits per second in each second of the run (a request's bytes spread over its span).
  const first = done[0]?.start ?? 0;
  const perSecond: number[] = [];
  for (const span of done) {
    const length = Math.max(span.end - span.start, 0.001);
    for (let t = Math.floor(span.start - first); t <= Math.floor(span.end - first); t++) {
      const overlap = Math.min(span.end - first, t + 1) - Math.max(span.start - first, t);
      perSecond[t] = (perSecond[t] ?? 0) + (span.bytes * 8 * Math.max(overlap, 0)) / length / 1e6;
    }
  }
  return {
    timeline: Array.from(perSecond, (mbit) => (mbit ?? 0).toFixed(0)).join(' '),
    idle: found.reduce((sum, gap) => sum + gap.seconds, 0),
    longest: found.sort((a, b) => b.seconds - a.seconds).slice(0, 8),
  };
}

const stack = await startStack();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  await stack.setWaitlist(false);
  console.log('Seeding (60 receipts, 40 avatars, 2,000 messages)...');
  const { email, eventId, fileBytes } = await seed();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: APP_URL });
  const page = await context.newPage();
  // The app is installed first (its files are the precache, not part of the event).
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: ROUND_TRIP_MS,
    downloadThroughput: LINK_BITS_PER_SECOND / 8,
    uploadThroughput: LINK_BITS_PER_SECOND / 8,
  });
  let transferred = 0;
  // Every request's span, to find where the link sat idle (CDP timestamps are seconds).
  const spans = new Map<string, { url: string; start: number; end: number; bytes: number }>();
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; timestamp: number; request: { url: string } }) => {
    spans.set(event.requestId, { url: event.request.url, start: event.timestamp, end: Infinity, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (event: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    transferred += event.encodedDataLength;
    const span = spans.get(event.requestId);
    if (span) Object.assign(span, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  cdp.on('Network.loadingFailed', (event: { requestId: string; timestamp: number }) => {
    const span = spans.get(event.requestId);
    if (span) span.end = event.timestamp;
  });

  const started = performance.now();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${APP_URL}/dashboard`, { timeout: 120_000 });
  await page.goto(`/events/${eventId}`);
  const card = page.getByRole('region', { name: 'Ready for no signal' });
  await card.getByRole('button', { name: 'Get ready' }).click({ timeout: 300_000 });
  const pressed = performance.now();
  await page.waitForFunction(
    () => document.querySelector('section[aria-label="Ready for no signal"]')?.textContent?.includes('used on this'),
    null,
    { timeout: 900_000, polling: 200 },
  );
  const ended = performance.now();
  const text = (await card.textContent()) ?? '';
  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  await context.close();

  const gaps = idleGaps([...spans.values()]);
  const seconds = (ended - started) / 1000;
  const linkSeconds = (transferred * 8) / LINK_BITS_PER_SECOND;
  const results = {
    'ready: sign-in to "Ready for no signal", new device (s)': Number(seconds.toFixed(1)),
    'ready: of which after pressing Get ready (s)': Number(((ended - pressed) / 1000).toFixed(1)),
    'ready: bytes over the link (MB)': Number((transferred / 1e6).toFixed(1)),
    'ready: of which photos and avatars as stored (MB)': Number((fileBytes / 1e6).toFixed(1)),
    'ready: those bytes at 10 Mbit/s (s)': Number(linkSeconds.toFixed(1)),
    'ready: time / transfer time (goal <= 1.3)': Number((seconds / linkSeconds).toFixed(2)),
    'ready: storage used, navigator.storage.estimate (MB)': Number((usage / 1e6).toFixed(1)),
    'ready: the card said': text.match(/since [^·]+· [\d.]+ [KMG]B used on this device/)?.[0] ?? text.slice(0, 80),
    'ready: link idle, no request in flight (s)': Number(gaps.idle.toFixed(1)),
    'ready: requests over the link': spans.size,
    'machine load while measuring (1-min load average / CPUs)': `${os.loadavg()[0].toFixed(1)} / ${os.cpus().length}`,
  };
  console.table(results);
  console.log(`Link use per second from the first request (Mbit/s of 10): ${gaps.timeline}`);
  console.log('Longest idle stretches of the link (s, the request before -> the one after):');
  for (const gap of gaps.longest) console.log(`  ${gap.seconds.toFixed(2)}  ${gap.before} -> ${gap.after}`);
  await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
  await writeFile(path.join(root, 'bench', 'results', 'ready.json'), JSON.stringify(results, null, 2));
} finally {
  await browser.close();
  await stack.stop();
}
