/**
 * `npm run bench:chat`: the Group Chat with a long history, in headless Chromium on the built app
 * (the e2e stack: build, local backend, `vite preview`):
 * - 10,000 messages in one event (seeded through the service role over 30 days, then pulled onto
 *   the device by the sync engine in the page's sync worker, as a member's phone would get them), with the longest task the
 *   main thread ran meanwhile (Long Tasks API: tasks over 50 ms; goal: none);
 * - open: from navigation start of /events/{id}/chat until the newest messages show (median of 3);
 * - scroll back: the history scrolled from the newest message to the very first one (the page
 *   loads older messages as the top comes near), every frame's requestAnimationFrame delta
 *   recorded; goal: no frame over 50 ms.
 * Prints a table; writes bench/results/chat.json. Not part of the test suite.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serviceClient } from '../e2e/backend.ts';
import { APP_URL } from '../e2e/env.ts';
import { startStack } from '../e2e/stack.ts';

const root = path.resolve(import.meta.dirname, '..');
const MESSAGES = 10_000;
const OPENS = 3;
const PASSWORD = 'bench-password-1';
/** Pixels scrolled per frame: a quick fling through the history. */
const STEP_PX = 900;

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((samples.length * p) / 100))];

async function seed(): Promise<{ email: string; userId: string; eventId: string }> {
  const admin = serviceClient();
  const stamp = Date.now();
  const email = `chat.bench.${stamp}@example.com`;
  const { data: created, error } = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { name: 'Bench Organizer' },
  });
  if (error || !created.user) throw error ?? new Error('no user');
  const userId = created.user.id;
  const { data: friend, error: friendError } = await admin.auth.admin.createUser({
    email: `chat.bench.friend.${stamp}@example.com`,
    email_confirm: true,
    user_metadata: { name: 'Bench Friend' },
  });
  if (friendError || !friend.user) throw friendError ?? new Error('no friend');
  const { data: event, error: eventError } = await admin
    .from('events')
    .insert({ name: 'Chat bench', created_by: userId, location: 'Bench field', status: 'active' })
    .select('id')
    .single();
  if (eventError || !event) throw eventError ?? new Error('no event');
  const { error: memberError } = await admin
    .from('event_members')
    .insert({ event_id: event.id, user_id: friend.user.id, role: 'member' });
  if (memberError) throw memberError;

  const start = Date.now() - 30 * 86_400_000;
  const step = (30 * 86_400_000) / MESSAGES;
  for (let i = 0; i < MESSAGES; i += 1000) {
    const rows = Array.from({ length: 1000 }, (_, j) => {
      const n = i + j;
      return {
        event_id: event.id,
        author_id: n % 3 === 0 ? userId : friend.user!.id,
        body:
          n % 7 === 0
            ? `Message ${n}: a longer one, to give the list rows of different heights. Who brings the tent, the stove and the big pot? See https://example.com/plan/${n} for the plan.`
            : `Message ${n}`,
        created_at: new Date(start + n * step).toISOString(),
      };
    });
    const { error: insertError } = await admin.from('chat_messages').insert(rows);
    if (insertError) throw insertError;
  }
  return { email, userId, eventId: event.id as string };
}

function deviceCount(page: Page, userId: string, store: string): Promise<number> {
  return page.evaluate(
    ({ name, store: storeName }) =>
      new Promise<number>((resolve, reject) => {
        // Opened without a version, and closed on every path: a connection left open (or a
        // database this call made at version 1 before the app made its own) blocks the app's
        // upgrade of its database until the browser collects it, tens of seconds later.
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve(0) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          db.onversionchange = () => db.close();
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            return resolve(0);
          }
          const request = db.transaction(storeName).objectStore(storeName).count();
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => {
            db.close();
            reject(request.error);
          };
        };
      }),
    { name: `crewcamp-${userId}`, store },
  );
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Scrolls the history from the end to the first message, recording every frame's delta. */
function scrollBack(
  page: Page,
): Promise<{ frames: number[]; reachedFirst: boolean; ms: number; longOnArrival: number }> {
  return page.evaluate(
    ({ step }) =>
      new Promise((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="chat-scroller"]')!;
        const frames: number[] = [];
        const started = performance.now();
        let last = started;
        let stillAtTop = 0;
        // A long frame in which the list grew: a page of older messages came in.
        let height = scroller.scrollHeight;
        let longOnArrival = 0;
        const tick = (now: number) => {
          frames.push(now - last);
          if (now - last > 50 && scroller.scrollHeight !== height) longOnArrival++;
          height = scroller.scrollHeight;
          last = now;
          const firstShown = Boolean(
            [...scroller.querySelectorAll('article')].some((a) => a.textContent?.includes('Message 0')),
          );
          if (scroller.scrollTop <= 0 && firstShown) stillAtTop++;
          if (stillAtTop > 5 || now - started > 120_000) {
            resolve({ frames: frames.slice(1), reachedFirst: firstShown, ms: now - started, longOnArrival });
            return;
          }
          scroller.scrollTop = Math.max(0, scroller.scrollTop - step);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { step: STEP_PX },
  );
}

const stack = await startStack();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  await stack.setWaitlist(false);
  const { email, userId, eventId } = await seed();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: APP_URL });
  await context.addInitScript(() => {
    // The main thread's long tasks (over 50 ms), to find the longest while the history comes in.
    const longTasks: { start: number; ms: number }[] = [];
    Object.assign(window, { __longTasks: longTasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  let page = await context.newPage();
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${APP_URL}/dashboard`);
  // The engine pulls in the page's sync worker (src/app/sync-worker.ts): its User Timing measures
  // (`crewcamp:pull`, see src/sync/pull.ts) and its resource timing of the requests for messages.
  const inSyncWorker = async <T>(expression: string, none: T): Promise<T> => {
    const worker = page.workers().find((w) => w.url().includes('sync-worker'));
    return worker ? ((await worker.evaluate(expression)) as T) : none;
  };
  const pullStarted = Date.now();
  const pullStartedInPage = (await page.evaluate('performance.now()')) as number;
  await waitFor(async () => (await deviceCount(page, userId, 'chatMessages')) >= MESSAGES, 'the first pull');
  const pullMs = Date.now() - pullStarted;
  // The pull that brought the history: where its time went.
  type Measured = { ms: number; rows: number; [k: string]: number };
  const measured = () =>
    inSyncWorker<Measured[]>(
      "performance.getEntriesByName('crewcamp:pull').map((e) => ({ ms: e.duration, ...e.detail }))",
      [],
    );
  await waitFor(async () => (await measured()).some((p) => p.rows >= MESSAGES), 'the first pull to end', 60_000);
  const pulls = await measured();
  const longTasks = ((await page.evaluate('window.__longTasks')) as { start: number; ms: number }[]).filter(
    (task) => task.start + task.ms >= pullStartedInPage,
  );
  const longestTask = Math.max(0, ...longTasks.map((task) => task.ms));
  const biggest = pulls.reduce((a, b) => (b.rows > a.rows ? b : a), pulls[0]);
  const spentIn = biggest
    ? Object.entries(biggest)
        .map(([k, v]) => `${k} ${Math.round(v)}`)
        .join(', ')
    : 'none measured';
  const spans = await inSyncWorker<number[]>(
    "performance.getEntriesByType('resource').filter((e) => e.name.includes('/rest/v1/chat_messages?')).map((e) => e.responseEnd - e.startTime)",
    [],
  );
  const serverMs = spans.reduce((sum, ms) => sum + ms, 0);

  const opens: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    await page.close();
    page = await context.newPage();
    await page.goto(`/events/${eventId}/chat`, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(
      (newest) => {
        const articles = [...document.querySelectorAll('[data-testid="chat-scroller"] article')];
        return articles.some((a) => a.textContent?.includes(newest)) ? performance.now() : 0;
      },
      `Message ${MESSAGES - 1}`,
      { polling: 'raf', timeout: 60_000 },
    );
    opens.push((await shown.jsonValue()) as number);
  }

  // Let the page settle (read marker, presence) before scrolling.
  await page.waitForTimeout(1000);
  // tsx keeps function names with a helper the page does not have.
  await page.evaluate('window.__name = (f) => f');
  const { frames, reachedFirst, ms, longOnArrival } = await scrollBack(page);
  await context.close();

  const over50 = frames.filter((f) => f > 50).length;
  const results = {
    'messages on the device': MESSAGES,
    'first pull of the history onto the device (ms)': pullMs,
    'first pull: longest main-thread task (ms, goal <= 50; 0: none over 50)': Math.round(longestTask),
    'first pull: main-thread tasks over 50 ms': longTasks.length,
    "first pull: the engine's measure of it (ms)": spentIn,
    'first pull: requests for messages, and their summed time from request to last byte (ms)': `${spans.length}, ${Math.round(serverMs)}`,
    'open the chat, navigation start to the newest messages shown, median of 3 (ms)': Math.round(median(opens)),
    'open the chat, slowest of 3 (ms)': Math.round(Math.max(...opens)),
    'scroll back to the first message: reached it': reachedFirst,
    'scroll back: time (ms)': Math.round(ms),
    'scroll back: frames': frames.length,
    'scroll back: frame time median (ms)': +median(frames).toFixed(1),
    'scroll back: frame time p95 (ms)': +percentile(frames, 95).toFixed(1),
    'scroll back: frame time p99 (ms)': +percentile(frames, 99).toFixed(1),
    'scroll back: longest frame (ms, goal <= 50)': +Math.max(...frames).toFixed(1),
    'scroll back: frames over 50 ms': over50,
    'scroll back: of these, frames in which a page of older messages came in': longOnArrival,
    'machine load while measuring (1-min load average / CPUs)': `${os.loadavg()[0].toFixed(1)} / ${os.cpus().length}`,
  };
  console.table(results);
  await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
  await writeFile(path.join(root, 'bench', 'results', 'chat.json'), JSON.stringify(results, null, 2));
} finally {
  await browser.close();
  await stack.stop();
}
