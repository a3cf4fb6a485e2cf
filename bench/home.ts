/**
 * `npm run bench:home`: the home ("what needs me") on a device with 50 events and 1,000 members,
 * in headless Chromium on the built app (the e2e stack). Each event also has a packing list with an
 * item for the user, an expense split with them, a schedule item, a ride and 20 chat messages,
 * so every line of every card is worked out. Measured: from the device database being open (the
 * sync session's `crewcamp:device-db-open` mark, before the engine starts) to the home's first
 * render with the device's answers (`crewcamp:home-rendered`: the header, invitations and the
 * cards the window can show), and to all ten active cards drawn
 * (`crewcamp:home-cards-all`), on reloads with the network off (nothing but the device).
 * Goal: under 100 ms. Prints a table; writes bench/results/home.json.
 */
import { chromium } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serviceClient } from '../e2e/backend.ts';
import { APP_URL } from '../e2e/env.ts';
import { startStack } from '../e2e/stack.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 7;
const PASSWORD = 'bench-password-1';

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

async function check<T>(
  answer: PromiseLike<{ data: T | null; error: unknown } | { data: { user: null }; error: unknown }>,
): Promise<NonNullable<T>> {
  const { data, error } = await answer;
  if (error || data === null || data === undefined) throw error ?? new Error('no data');
  return data as NonNullable<T>;
}

/** An organizer in 50 events (10 active, 40 past), 20 members each, with something needing them in each. */
async function seed(): Promise<{ email: string; userId: string }> {
  const admin = serviceClient();
  const email = `home.bench.${Date.now()}@example.com`;
  const created = await check(
    admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Bench Org' },
    }),
  );
  const userId = created.user!.id;
  await check(admin.from('profiles').update({ subscription_tier: 'organizer' }).eq('id', userId).select('id'));
  const crew: string[] = [];
  for (let batch = 0; batch < 950; batch += 25) {
    const users = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        check(
          admin.auth.admin.createUser({
            email: `home.crew.${batch + i}.${Date.now()}@example.com`,
            email_confirm: true,
          }),
        ),
      ),
    );
    crew.push(...users.map((u) => u.user!.id));
  }
  const events = await check(
    admin
      .from('events')
      .insert(
        Array.from({ length: 50 }, (_, n) => ({
          name: `Festival ${n + 1}`,
          created_by: userId,
          location: `Field ${n + 1}`,
          status: n < 10 ? 'active' : 'past',
          start_date: n < 10 ? `2027-07-${String(n + 1).padStart(2, '0')}` : '2025-07-01',
          end_date: n < 10 ? `2027-07-${String(n + 3).padStart(2, '0')}` : '2025-07-03',
        })),
      )
      .select('id'),
  );
  await check(
    admin
      .from('event_members')
      .insert(crew.map((user, j) => ({ event_id: events[Math.floor(j / 19)].id, user_id: user, role: 'member' })))
      .select('id'),
  );
  const lists = await check(
    admin
      .from('checklists')
      .insert(events.map((e) => ({ event_id: e.id, title: 'Packing', kind: 'packing', created_by: userId })))
      .select('id, event_id'),
  );
  await check(
    admin
      .from('checklist_items')
      .insert(
        lists.flatMap((list) =>
          ['Tent', 'Stove', 'Water'].map((text, i) => ({
            checklist_id: list.id,
            event_id: list.event_id,
            text,
            quantity: 1,
            position: `V${i + 1}`,
            assignee_id: userId,
          })),
        ),
      )
      .select('id'),
  );
  const crewOf = (n: number) => crew[n * 19];
  await check(
    admin
      .from('expenses')
      .insert(
        events.map((e, n) => ({
          event_id: e.id,
          title: 'Groceries',
          amount_minor: 6000,
          paid_by: crewOf(n),
          created_by: crewOf(n),
          spent_on: '2025-07-01',
          category: 'food',
          shares: [
            { user_id: userId, share_minor: 3000 },
            { user_id: crewOf(n), share_minor: 3000 },
          ],
        })),
      )
      .select('id'),
  );
  await check(
    admin
      .from('schedule_items')
      .insert(
        events.map((e, n) => {
          const day = n < 10 ? `2027-07-${String(n + 1).padStart(2, '0')}` : '2025-07-01';
          return { event_id: e.id, title: 'Opening', starts_at: `${day}T15:00:00`, ends_at: `${day}T17:00:00` };
        }),
      )
      .select('id'),
  );
  await check(
    admin
      .from('rides')
      .insert(
        events.map((e, n) => ({
          event_id: e.id,
          driver_id: crewOf(n),
          departs_at: n < 10 ? `2027-07-${String(n + 1).padStart(2, '0')}T09:00:00` : '2025-07-01T09:00:00',
          departure_place: 'Station',
          seats: 3,
        })),
      )
      .select('id'),
  );
  await check(
    admin
      .from('chat_messages')
      .insert(
        events.flatMap((e, n) =>
          Array.from({ length: 20 }, (_, i) => ({ event_id: e.id, author_id: crewOf(n), body: `Message ${i + 1}` })),
        ),
      )
      .select('id'),
  );
  return { email, userId };
}

const stack = await startStack();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  await stack.setWaitlist(false);
  const { email } = await seed();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: APP_URL });
  let page = await context.newPage();
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${APP_URL}/dashboard`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first pull has brought every card's lines: each active event shows its 20 unread messages
  // and its 3 open items (a device missing rows must not pass for a fast one).
  await page.waitForFunction(
    () =>
      document.querySelectorAll('main article').length >= 10 &&
      [...document.querySelectorAll('main article')].every(
        (a) => a.textContent?.includes('20 unread messages') && a.textContent.includes('3 open items for you'),
      ),
    null,
    { timeout: 180_000, polling: 500 },
  );

  await context.setOffline(true);
  const samples: number[] = [];
  const befores: number[] = [];
  const queries: number[] = [];
  const renders: number[] = [];
  const alls: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.close();
    page = await context.newPage();
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const [open, start, end, rendered, allCards] = [
          'crewcamp:device-db-open',
          'crewcamp:home-query-start',
          'crewcamp:home-query-end',
          'crewcamp:home-rendered',
          'crewcamp:home-cards-all',
        ].map((name) => performance.getEntriesByName(name)[0]?.startTime ?? null);
        const cards = document.querySelectorAll('main article').length;
        if (open === null || start === null || end === null || rendered === null || allCards === null || cards < 10)
          return null;
        return {
          total: rendered - open,
          before: start - open,
          query: end - start,
          render: rendered - end,
          all: allCards - open,
        };
      },
      null,
      { polling: 'raf', timeout: 30_000 },
    );
    const sample = (await handle.jsonValue()) as {
      total: number;
      before: number;
      query: number;
      render: number;
      all: number;
    };
    samples.push(sample.total);
    alls.push(sample.all);
    befores.push(sample.before);
    queries.push(sample.query);
    renders.push(sample.render);
  }
  await context.close();
  const results = {
    'home: device DB open to rendered, 50 events + 1,000 members, median (ms, goal < 100)': Math.round(median(samples)),
    [`home: slowest of ${RUNS} (ms)`]: Math.round(Math.max(...samples)),
    'home: of which before the query starts, median (ms)': Math.round(median(befores)),
    'home: of which the device query, median (ms)': Math.round(median(queries)),
    'home: of which rendering after the query, median (ms)': Math.round(median(renders)),
    'home: device DB open to all 10 active cards drawn (the first render draws as many as the window shows), median (ms)':
      Math.round(median(alls)),
    'machine load while measuring (1-min load average / CPUs)': `${os.loadavg()[0].toFixed(1)} / ${os.cpus().length}`,
  };
  console.table(results);
  await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
  await writeFile(path.join(root, 'bench', 'results', 'home.json'), JSON.stringify(results, null, 2));
} finally {
  await browser.close();
  await stack.stop();
}
