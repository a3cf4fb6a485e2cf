/**
 * Mail (issue 19) on the real local backend: an invitation to an address is mailed (the dev mail
 * page stands in for the provider) with a link to the event's join page that carries a signed
 * token bound to the invitation and its address; the token tells the join page what the
 * invitation is, vouches for that address only while the invitation is open, and cannot be made
 * up or moved to another address, and lets that address create its account while the waitlist is on
 * (the sign-up gate of supabase/config.toml, called as GoTrue calls it). The daily digest lists the unread notifications of the
 * categories a user wants by mail. The mails are sent by the send-notification-mail function on
 * Deno, called by the backend's delivery loop.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeEvent, makeUser, uniqueEmail, type TestUser } from './events-support.ts';
import { bell, call, setChannel } from './notifications-support.ts';

const SITE = 'https://crew.example.test';

let backend: TestBackend;
let lead: TestUser;
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve('supabase/functions'),
    functionsEnvFile: null,
    siteUrl: SITE,
    // The sign-up gate (auth hook) as configured for the project.
    configFile: path.resolve('supabase/config.toml'),
  });
  await waitlist(false);
  lead = await makeUser(backend, 'maillead', { tier: 'starter' });
  eventId = (
    await makeEvent(lead, {
      name: 'Hut weekend',
      start_date: '2027-08-14',
      end_date: '2027-08-15',
      location: 'Alp Grüm',
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

async function waitlist(enabled: boolean) {
  await backend.db.query(
    `update public.app_settings set value = jsonb_build_object('enabled', $1::boolean) where key = 'waitlist_enabled'`,
    [enabled],
  );
}

interface Mail {
  to_address: string;
  subject: string;
  body: string;
  link: string | null;
}

async function mailsTo(email: string, count = 1): Promise<Mail[]> {
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${backend.url}/_dev/mail?format=json&to=${encodeURIComponent(email)}`);
        mails = (await response.json()) as Mail[];
        return mails.length;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('invitation')!;

async function tokenEmail(token: string): Promise<string | null> {
  const { rows } = await backend.db.query<{ email: string | null }>(
    `select private.invitation_token_email($1) as email`,
    [token],
  );
  return rows[0].email;
}

describe('invitation mail', () => {
  it('goes to an address without an account, with the join link and a token for that address', async () => {
    const email = uniqueEmail('Paula.Guest');
    const { invitation_id } = await call<{ invitation_id: string }>(lead, 'invite_user_to_event', {
      p_event_id: eventId,
      p_recipient_email: email,
      p_message: 'Bring your boots',
    });
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe('Maillead Tester invited you to Hut weekend on CrewCamp');
    expect(mail.link).toMatch(new RegExp(`^${SITE}/join\\?id=${eventId}&invitation=[\\w-]+\\.[\\w-]+$`));
    expect(mail.body).toContain(
      'Maillead Tester invited you to join Hut weekend (Sat, 14 Aug 2027 to Sun, 15 Aug 2027, Alp Grüm) on CrewCamp.',
    );
    expect(mail.body).toContain('Maillead Tester wrote: "Bring your boots"');
    expect(mail.body).toContain(
      'No CrewCamp account yet? The link lets you create one with this address, even while CrewCamp has a waitlist.',
    );
    expect(mail.body).toContain(mail.link);

    const token = tokenOf(mail.link!);
    expect(await tokenEmail(token)).toBe(email.toLowerCase());
    const { data } = await backend.anon().rpc('get_invitation_by_token', { p_token: token });
    expect(data).toEqual({
      invitation_id,
      email: email.toLowerCase(),
      event_id: eventId,
      event_name: 'Hut weekend',
      event_start_date: '2027-08-14',
      event_end_date: '2027-08-15',
      event_location: 'Alp Grüm',
      sender_name: 'Maillead Tester',
      message: 'Bring your boots',
      status: 'pending',
      has_account: false,
    });
  });

  it('cannot be made up, moved to another address or used once the invitation is cancelled', async () => {
    const email = uniqueEmail('cancelled.guest');
    const { invitation_id } = await call<{ invitation_id: string }>(lead, 'invite_user_to_event', {
      p_event_id: eventId,
      p_recipient_email: email,
    });
    const token = tokenOf((await mailsTo(email))[0].link!);
    const [payload, signature] = token.split('.');
    const other = Buffer.from(`${invitation_id}:someone.else@example.com`).toString('base64url');
    for (const forged of [`${other}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, payload, 'garbage', '']) {
      expect(await tokenEmail(forged)).toBeNull();
      expect((await backend.anon().rpc('get_invitation_by_token', { p_token: forged })).data).toBeNull();
    }
    await call(lead, 'cancel_invitation', { p_invitation_id: invitation_id });
    expect(await tokenEmail(token)).toBeNull();
    expect((await backend.anon().rpc('get_invitation_by_token', { p_token: token })).data).toMatchObject({
      status: 'cancelled',
    });
  });

  it('reaches an account as its settings say: sign in to answer, or no mail when invitation mail is off', async () => {
    const friend = await makeUser(backend, 'mailfriend');
    await call(lead, 'invite_user_to_event', { p_event_id: eventId, p_recipient_email: friend.email });
    const [mail] = await mailsTo(friend.email);
    expect(mail.body).toContain('Sign in with this address to accept or decline it.');

    const quiet = await makeUser(backend, 'mailquiet');
    await setChannel(quiet, 'invitations', 'mail', false);
    await call(lead, 'invite_user_to_event', { p_event_id: eventId, p_recipient_email: quiet.email });
    await backend.deliveries.idle();
    const response = await fetch(`${backend.url}/_dev/mail?format=json&to=${encodeURIComponent(quiet.email)}`);
    expect(await response.json()).toEqual([]);
  });
});

describe('signing up from the invitation link', () => {
  const NOT_FOR_YOU = 'This invitation link is for another email address, or the invitation is no longer open.';
  const signUp = (email: string, data: Record<string, unknown>) =>
    backend.anon().auth.signUp({ email, password: 'correct-horse-battery', options: { data } });

  it('lets the invited address register while the waitlist is on; no other address, and not once cancelled', async () => {
    const email = uniqueEmail('Invited.Newcomer');
    const { invitation_id } = await call<{ invitation_id: string }>(lead, 'invite_user_to_event', {
      p_event_id: eventId,
      p_recipient_email: email,
    });
    const token = tokenOf((await mailsTo(email))[0].link!);
    const cancelledEmail = uniqueEmail('cancelled.newcomer');
    const cancelled = await call<{ invitation_id: string }>(lead, 'invite_user_to_event', {
      p_event_id: eventId,
      p_recipient_email: cancelledEmail,
    });
    const cancelledToken = tokenOf((await mailsTo(cancelledEmail))[0].link!);
    await call(lead, 'cancel_invitation', { p_invitation_id: cancelled.invitation_id });
    await waitlist(true);
    try {
      expect((await signUp(uniqueEmail('gatecrasher'), { invitation_token: token })).error).toMatchObject({
        status: 403,
        message: NOT_FOR_YOU,
      });
      expect((await signUp(email, {})).error).toMatchObject({ status: 403 }); // no token: the waitlist
      expect((await signUp(cancelledEmail, { invitation_token: cancelledToken })).error).toMatchObject({
        status: 403,
        message: NOT_FOR_YOU,
      });
      // The address as the person types it.
      const { data, error } = await signUp(` ${email.toUpperCase()} `, {
        name: 'Ines Invited',
        invitation_token: token,
      });
      expect(error).toBeNull();
      expect(data.session).not.toBeNull();
      // The invitation waits in the new account's bell, to be answered.
      expect(await bell(backend, data.user!.id, 'event_invitation')).toMatchObject([{ data: { invitation_id } }]);
    } finally {
      await waitlist(false);
    }
  });
});

describe('daily digest', () => {
  it('lists the unread notifications of the categories mailed, once a day from the digest hour', async () => {
    const reader = await makeUser(backend, 'digestreader');
    await backend.db.query(`insert into public.event_members (event_id, user_id) values ($1, $2)`, [
      eventId,
      reader.id,
    ]);
    await setChannel(reader, 'event_changes', 'mail', true);
    await reader.client
      .from('notification_settings')
      .update({ digest_enabled: true, digest_hour: 0, time_zone: 'UTC' })
      .eq('user_id', reader.id);
    await lead.client.from('events').update({ location: 'Berghaus Diavolezza' }).eq('id', eventId);
    await lead.client.from('events').update({ start_date: '2027-08-15', end_date: '2027-08-16' }).eq('id', eventId);
    // Money is not mailed by default: this one stays out of the digest.
    await backend.db.query(
      `insert into public.notifications (user_id, event_id, kind, category, title) values ($1, $2, 'expense_added', 'money', 'Not mailed')`,
      [reader.id, eventId],
    );

    await backend.runMaintenance();
    const [mail] = await mailsTo(reader.email);
    expect(mail.subject).toBe('CrewCamp: 2 new updates for you');
    expect(mail.body).toContain(
      '- Maillead Tester changed Hut weekend: Dates: Sun 15 Aug – Mon 16 Aug 2027 (Hut weekend)',
    );
    expect(mail.body).toContain('- Maillead Tester changed Hut weekend: Place: Berghaus Diavolezza (Hut weekend)');
    expect(mail.body).not.toContain('Not mailed');
    expect(mail.link).toBe(`${SITE}/dashboard`);

    // Once a day: running the housekeeping again sends nothing new.
    await backend.runMaintenance();
    await backend.deliveries.idle();
    const response = await fetch(`${backend.url}/_dev/mail?format=json&to=${encodeURIComponent(reader.email)}`);
    expect(await response.json()).toHaveLength(1);
  });
});
