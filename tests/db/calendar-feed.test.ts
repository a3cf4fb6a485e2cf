/**
 * The per-member secret calendar feed (issue 21): create, rotate and revoke through the owner's
 * procedures (the plain token returned once, only its SHA-256 stored), the owner alone reads the
 * row, and the calendar-feed server function (on Deno, without a JWT) answers the schedules of
 * the events the member is still in as iCalendar with each event's VTIMEZONE, or a 404.
 */
import ICAL from 'ical.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { account, type Account } from '../support/accounts.ts';

const NOT_FOUND = 'No calendar at this address. It may have been turned off or replaced.';

let backend: TestBackend;
let ana: Account;
let ben: Account;
let leftId: string;

const feed = (token: string) => fetch(`${backend.url}/functions/v1/calendar-feed?token=${encodeURIComponent(token)}`);

async function createFeed(who: Account): Promise<string> {
  const { data, error } = await who.client.rpc('create_calendar_feed');
  if (error) throw error;
  return data as string;
}

async function event(
  name: string,
  timeZone: string,
  items: [string, string, string][],
  creator = ana,
): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.events (name, created_by, time_zone) values ($1, $2, $3) returning id`,
    [name, creator.userId, timeZone],
  );
  for (const [title, start, end] of items) {
    await backend.db.query(
      `insert into public.schedule_items (event_id, title, starts_at, ends_at, created_by) values ($1, $2, $3, $4, $5)`,
      [rows[0].id, title, start, end, ana.userId],
    );
  }
  return rows[0].id;
}

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false, functionsDir: path.resolve('supabase/functions') });
  ana = await account(backend, 'Ana Alp');
  ben = await account(backend, 'Ben Berg');
  await event('Lake camp', 'Europe/Zurich', [['Breakfast', '2027-07-01T08:30:00', '2027-07-01T09:30:00']]);
  await event('Lisbon trip', 'Europe/Lisbon', [['Tram 28', '2027-08-02T10:00:00', '2027-08-02T11:00:00']]);
  leftId = await event(
    'Old festival',
    'Europe/Berlin',
    [['Gone gig', '2027-06-01T20:00:00', '2027-06-01T22:00:00']],
    ben,
  );
  // Ana was in Ben's event and has left it: its schedule is no longer hers.
  await backend.db.query(
    `insert into public.event_members (event_id, user_id, role, deleted_at) values ($1, $2, 'member', now())`,
    [leftId, ana.userId],
  );
});
afterAll(async () => {
  await backend?.stop();
});

describe('calendar feed tokens', () => {
  it('stores only the SHA-256 of the token, returned once; the owner alone reads the row', async () => {
    const token = await createFeed(ben);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const { rows } = await backend.db.query<{ same: boolean; plain: boolean }>(
      `select token_hash = sha256(convert_to($2, 'UTF8')) as same, position(convert_to($2, 'UTF8') in token_hash) > 0 as plain
       from public.calendar_feeds where user_id = $1`,
      [ben.userId, token],
    );
    expect(rows).toEqual([{ same: true, plain: false }]);
    const own = await ben.client.from('calendar_feeds').select('user_id, created_at, revoked_at');
    expect(own.data).toEqual([expect.objectContaining({ user_id: ben.userId, revoked_at: null })]);
    expect((await ana.client.from('calendar_feeds').select('user_id')).data).toEqual([]);
    // The hash is not readable even by its owner, and no one writes the table directly.
    expect((await ben.client.from('calendar_feeds').select('token_hash')).error).not.toBeNull();
    const forged = await ben.client
      .from('calendar_feeds')
      .update({ revoked_at: null })
      .eq('user_id', ben.userId)
      .select();
    expect(forged.data ?? []).toEqual([]);
    expect((await ben.client.rpc('calendar_feed_of', { p_token: token })).error).not.toBeNull();
    // Signed out, nobody makes or turns off a feed.
    const anon = backend.anon();
    expect((await anon.rpc('create_calendar_feed')).error?.code).toBe('42501');
    expect((await anon.rpc('revoke_calendar_feed')).error?.code).toBe('42501');
  });
});

describe('calendar-feed function', () => {
  it('serves the events the member is in with their time zones, rotates and revokes', async () => {
    const token = await createFeed(ana);
    const res = await feed(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const zones = calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
    expect(zones.sort()).toEqual(['Europe/Lisbon', 'Europe/Zurich']);
    const events = calendar.getAllSubcomponents('vevent').map((v) => {
      const start = v.getFirstProperty('dtstart');
      return [v.getFirstPropertyValue('summary'), start?.getParameter('tzid'), String(start?.getFirstValue())];
    });
    expect(events.sort()).toEqual([
      ['Lake camp: Breakfast', 'Europe/Zurich', '2027-07-01T08:30:00'],
      ['Lisbon trip: Tram 28', 'Europe/Lisbon', '2027-08-02T10:00:00'],
    ]);
    expect(events.flat()).not.toContain('Old festival: Gone gig');

    const rotated = await createFeed(ana);
    expect(rotated).not.toBe(token);
    expect((await feed(token)).status).toBe(404);
    expect((await feed(rotated)).status).toBe(200);

    const revoked = await ana.client.rpc('revoke_calendar_feed');
    expect(revoked.error).toBeNull();
    const gone = await feed(rotated);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toMatch(/No calendar at this address/);
  });

  it('answers 404 to a wrong, malformed or oversized token, and to none', async () => {
    for (const token of ['A'.repeat(43), 'not a token', "x' or 1=1 --", 'B'.repeat(101), 'C'.repeat(6000)]) {
      const res = await feed(token);
      // The function's own short answer, not the gateway's for a missing function.
      expect([token.slice(0, 12), res.status, await res.text()]).toEqual([token.slice(0, 12), 404, NOT_FOUND]);
    }
    const none = await fetch(`${backend.url}/functions/v1/calendar-feed`);
    expect([none.status, await none.text()]).toEqual([404, NOT_FOUND]);
  });
});
