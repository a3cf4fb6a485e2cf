/**
 * send-approval-email on the real local backend through HTTP and supabase-js: only a site admin
 * may mail an approved entry its link; the mail lands on the dev mail outbox (/_dev/mail) with the
 * SITE_URL link, and that link's token registers the person. With a mail provider configured the
 * mail goes to the provider's HTTP API instead, and with no transport at all the answer says the
 * link was not mailed. The function runs on Deno; its secrets come from the backend's env file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { account, activity, rpc, type Account } from '../support/accounts.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { functionSecrets, type FunctionSecrets } from '../support/function-secrets.ts';
import { callFunction } from '../support/functions.ts';

const SITE = 'https://crew.example.test';
const AUTH_REQUIRED = 'Authentication required. Please log in and try again.';
const NOT_MAILED = 'The approval link could not be mailed; copy it and send it yourself.';

let backend: TestBackend;
let admin: Account;
let user: Account;
let secrets: FunctionSecrets;
let seq = 0;

beforeAll(async () => {
  secrets = await functionSecrets();
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve('supabase/functions'),
    functionsEnvFile: secrets.file,
    siteUrl: SITE,
  });
  admin = await account(backend, 'Ines Admin', { role: 'admin' });
  user = await account(backend, 'Jonas User');
});
afterAll(async () => {
  await backend?.stop();
  await secrets?.remove();
});
afterEach(() => secrets.clear());

interface Mail {
  to_address: string;
  subject: string;
  body: string;
  link: string | null;
}

async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${backend.url}/_dev/mail?format=json&to=${encodeURIComponent(email)}`);
  return (await response.json()) as Mail[];
}

/** A waitlist entry as a visitor makes it, approved (or not) by the admin; answers its id and email. */
async function entry(name: string, status: 'approved' | 'pending' = 'approved') {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${seq++}@example.com`;
  await rpc(backend.anon(), 'add_to_waitlist', { p_email: email, p_name: name });
  const { rows } = await backend.db.query<{ id: string }>(`select id from public.waitlist where email = $1`, [email]);
  const id = rows[0].id;
  if (status === 'approved')
    await rpc(admin.client, 'process_waitlist_entry', { p_id: id, p_status: 'approved', p_notes: 'Crew friend' });
  return { id, email };
}

const send = (entryId: string, token: string | null = admin.accessToken) =>
  callFunction<Record<string, unknown>>(backend, 'send-approval-email', { token, body: { entryId } });

describe('send-approval-email', () => {
  it('refuses callers without a session and non-admins, mailing nothing', async () => {
    const { id, email } = await entry('Rita Refused');
    expect((await send(id, null)).status).toBe(401); // the gateway's verify_jwt
    expect(await send(id, backend.anonKey)).toEqual({ status: 401, body: { error: AUTH_REQUIRED } });
    expect(await send(id, user.accessToken)).toEqual({ status: 403, body: { error: 'Admin access required' } });
    expect(await mailsTo(email)).toEqual([]);
    expect(await activity(backend, 'send_approval_email', id)).toEqual([]);
  });

  it('puts the mail with the SITE_URL link on the dev mail outbox; the link registers the person', async () => {
    const { id, email } = await entry('Mia Mailed');
    const answer = await send(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: `Approval link sent to ${email}`, email });
    const link = String(answer.body.link);
    expect(link).toMatch(new RegExp(`^${SITE}/register\\?token=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: email, subject: 'Your CrewCamp spot is ready', link });
    expect(mails[0].body).toContain('Hi Mia Mailed,');
    expect(mails[0].body).toContain(link);

    // Mailing changed nothing of the entry and logged the mail once, apart from the approval.
    const { rows } = await backend.db.query(`select status, notes from public.waitlist where id = $1`, [id]);
    expect(rows[0]).toEqual({ status: 'approved', notes: 'Crew friend' });
    expect(await activity(backend, 'process_waitlist_entry', id)).toHaveLength(1);
    expect(await activity(backend, 'send_approval_email', id)).toEqual([
      expect.objectContaining({ actor_id: admin.userId, details: { email } }),
    ]);

    const token = new URL(mails[0].link!).searchParams.get('token');
    const created = await callFunction(backend, 'admin-create-user', {
      body: { email, password: 'tent-and-stars', name: 'Mia Mailed', approvalToken: token },
    });
    expect(created.status).toBe(200);
    const signedIn = await backend.anon().auth.signInWithPassword({ email, password: 'tent-and-stars' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email).toBe(email);
  });

  it('answers clearly for entries that are not approved, unknown entries and bad bodies', async () => {
    const pending = await entry('Paul Pending', 'pending');
    expect(await send(pending.id)).toEqual({
      status: 409,
      body: { error: 'Only an approved waitlist entry can be mailed its approval link' },
    });
    expect(await mailsTo(pending.email)).toEqual([]);
    expect(await send(crypto.randomUUID())).toEqual({ status: 404, body: { error: 'Waitlist entry not found' } });
    expect(await send('not-a-uuid')).toEqual({ status: 400, body: { error: 'entryId must be a UUID' } });
    const raw = await callFunction(backend, 'send-approval-email', { token: admin.accessToken, rawBody: '{' });
    expect(raw).toEqual({ status: 400, body: { error: 'The request body must be JSON' } });
  });

  it('refuses mail handed to the dev outbox without the service_role key', async () => {
    const post = (token: string | null, body: unknown) =>
      fetch(`${backend.url}/_dev/mail`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const mail = { to: 'forged@example.com', subject: 'Hello', body: 'Click me' };
    expect((await post(null, mail)).status).toBe(401);
    expect((await post(backend.anonKey, mail)).status).toBe(401);
    expect((await post(admin.accessToken, mail)).status).toBe(401);
    expect(await mailsTo('forged@example.com')).toEqual([]);
    const bad = await post(backend.serviceRoleKey, { to: 'nobody', subject: 'x', body: 'y' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'to must be an email address' });
    for (const body of [[mail], { ...mail, subject: '' }, { ...mail, body: 42 }, { ...mail, link: 7 }])
      expect((await post(backend.serviceRoleKey, body)).status).toBe(400);
    const raw = await fetch(`${backend.url}/_dev/mail`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.serviceRoleKey}` },
      body: '{',
    });
    expect(raw.status).toBe(400);
    expect(await mailsTo('forged@example.com')).toEqual([]);
  });
});

describe('send-approval-email with a mail provider', () => {
  let provider: http.Server;
  let received: { auth?: string; body: Record<string, unknown> } | null = null;
  let reply: { status: number; body: unknown } = { status: 200, body: { id: 'mail_1' } };

  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        received = { auth: req.headers.authorization, body: JSON.parse(text) as Record<string, unknown> };
        res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  const providerSecrets = () => ({
    RESEND_API_KEY: 're_test_local',
    RESEND_API_BASE: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
  });
  const useProvider = () => secrets.set({ ...providerSecrets(), MAIL_FROM: 'CrewCamp <crew@example.test>' });

  it("sends through the provider's HTTP API instead of the dev outbox", async () => {
    await useProvider();
    const { id, email } = await entry('Pia Provider');
    const answer = await send(id);
    expect(answer).toMatchObject({ status: 200, body: { message: `Approval link sent to ${email}` } });
    expect(received?.auth).toBe('Bearer re_test_local');
    expect(received?.body).toMatchObject({
      from: 'CrewCamp <crew@example.test>',
      to: [email],
      subject: 'Your CrewCamp spot is ready',
    });
    expect(String(received?.body.text)).toContain(String(answer.body.link));
    expect(await mailsTo(email)).toEqual([]);
  });

  it('says the link was not mailed when the provider refuses or is half configured', async () => {
    await useProvider();
    reply = { status: 422, body: { message: 'The from address is not verified' } };
    const { id, email } = await entry('Rolf Refused');
    const refused = await send(id);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({
      error: NOT_MAILED,
      detail: 'The mail provider answered HTTP 422: The from address is not verified',
      email,
    });
    expect(String(refused.body.link)).toContain(`${SITE}/register?token=`);

    await secrets.set(providerSecrets());
    const halfway = await send(id);
    expect(halfway.status).toBe(503);
    expect(halfway.body).toMatchObject({ error: NOT_MAILED, detail: 'MAIL_FROM is not set (the sender address)' });
    expect(await activity(backend, 'send_approval_email', id)).toEqual([]);
  });

  it('says the link was not mailed on a project with no mail transport at all (as hosted without a provider)', async () => {
    const { id, email } = await entry('Hugo Hosted');
    // The environment of a hosted project: the same, minus the local dev mail outbox.
    await secrets.set({ DEV_MAIL_URL: '' });
    const answer = await send(id);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      error: NOT_MAILED,
      detail: 'No mail provider is configured (RESEND_API_KEY and MAIL_FROM)',
      email,
    });
    expect(await mailsTo(email)).toEqual([]);
  });
});
