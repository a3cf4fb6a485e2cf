/**
 * The database lanes in front of PGlite (supabase/local/realtime/lanes.ts): Realtime's work waits
 * while API requests use the database and lets a request that comes while it waits go first, runs
 * at once on an idle database, and keeps each transaction whole.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, type Database } from '../../supabase/local/db.ts';
import { prioritize, type Lanes } from '../../supabase/local/realtime/lanes.ts';

let database: Database;
let lanes: Lanes;

beforeAll(async () => {
  database = await openPglite(null);
  lanes = prioritize(database, { slots: 1, agingMs: 300 });
});
afterAll(async () => {
  await database?.close();
});

it('runs a request that arrives while Realtime waits before Realtime', async () => {
  const order: string[] = [];
  // Realtime asks while a request holds the database; another request comes after it.
  const first = lanes.foreground.query('select pg_sleep(0.05)').then(() => order.push('request 1'));
  const realtime = lanes.background.query('select 1').then(() => order.push('realtime'));
  const second = lanes.foreground.query('select pg_sleep(0.05)').then(() => order.push('request 2'));
  await Promise.all([first, realtime, second]);
  expect(order).toEqual(['request 1', 'request 2', 'realtime']);
});

it('runs Realtime at once when no request uses the database', async () => {
  const started = performance.now();
  await lanes.background.query('select 1');
  expect(performance.now() - started).toBeLessThan(250);
});

it('keeps a transaction of either lane whole', async () => {
  const results = await Promise.all([
    lanes.background.transaction(async (tx) => {
      await tx.query('create temp table lane_t (n int)');
      await tx.query('insert into lane_t values (1)');
      return (await tx.query<{ n: number }>('select count(*)::int as n from lane_t')).rows[0].n;
    }),
    lanes.foreground.query<{ one: number }>('select 1 as one'),
  ]);
  expect(results[0]).toBe(1);
  expect(results[1].rows[0].one).toBe(1);
});
