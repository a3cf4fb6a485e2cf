/**
 * The signed-in user's server functions: delete-event (creator only), create-checkout (the mock
 * flow of the local backend, and the provider's checkout against a stand-in provider), and the
 * provider's webhook with its signature check.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { account, type Account } from '../support/accounts.ts';
import { functionSecrets, type FunctionSecrets } from '../support/function-secrets.ts';
import { callFunction } from '../support/functions.ts';

const AUTH_REQUIRED = 'Authentication required. Please log in and try again.';
const ORIGIN = 'http://localhost:5173';

let backend: TestBackend;
let ana: Account;
/** The functions' secrets (they run on Deno, in processes of their own). */
let secrets: FunctionSecrets;

beforeAll(async () => {
  secrets = await functionSecrets();
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve('supabase/functions'),
    functionsEnvFile: secrets.file,
  });
  ana = await account(backend, 'Ana Alp');
});
afterAll(async () => {
  await backend?.stop();
  await secrets?.remove();
});
afterEach(() => secrets.clear());

const subscription = async (userId: string) =>
  (
    await backend.db.query(
      `select p.subscription_tier, s.tier, s.status, s.cancel_at_period_end, s.provider_subscription_id
       from public.profiles p left join public.stripe_subscriptions s on s.user_id = p.id where p.id = $1`,
      [userId],
    )
  ).rows[0];
const payments = async (userId: string) =>
  (
    await backend.db.query(
      `select amount_minor::int as amount, currency, kind from public.payments where user_id = $1 order by created_at`,
      [userId],
    )
  ).rows;

describe('delete-event', () => {
  it('lets the creator delete for good, and answers a replay', async () => {
    const member = await account(backend, 'Mo Member');
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into public.events (name, created_by) values ('Harvest fest', $1) returning id`,
      [ana.userId],
    );
    const eventId = rows[0].id;
    await backend.db.query(`insert into public.event_members (event_id, user_id) values ($1, $2)`, [
      eventId,
      member.userId,
    ]);

    expect(await callFunction(backend, 'delete-event', { token: member.accessToken, body: { eventId } })).toEqual({
      status: 403,
      body: { error: 'Only the event creator can delete this event' },
    });
    expect(await callFunction(backend, 'delete-event', { body: { eventId } })).toEqual({
      status: 401,
      body: { error: AUTH_REQUIRED },
    });
    expect(await callFunction(backend, 'delete-event', { token: ana.accessToken, body: { eventId: 'x' } })).toEqual({
      status: 400,
      body: { error: 'eventId must be a UUID' },
    });

    const deleted = await callFunction(backend, 'delete-event', { token: ana.accessToken, body: { eventId } });
    expect(deleted).toEqual({ status: 200, body: { success: true, message: 'Event deleted', eventId } });
    const { rows: left } = await backend.db.query(`select 1 from public.event_members where event_id = $1`, [eventId]);
    expect(left).toEqual([]);
    expect(await callFunction(backend, 'delete-event', { token: ana.accessToken, body: { eventId } })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Event already deleted' },
    });
  });
});

describe('create-checkout without a provider key (the mock flow)', () => {
  it('applies the tier on the server and answers the mock success URL; a replay pays nothing twice', async () => {
    const buyer = await account(backend, 'Ben Buyer');
    const checkout = (subscriptionTier: string, currency?: string) =>
      callFunction(backend, 'create-checkout', {
        token: buyer.accessToken,
        body: { subscriptionTier, currency },
        headers: { Origin: ORIGIN },
      });
    expect(await checkout('starter')).toEqual({
      status: 200,
      body: { url: `${ORIGIN}/checkout/subscription/success?tier=starter&mock=true` },
    });
    expect(await subscription(buyer.userId)).toMatchObject({
      subscription_tier: 'starter',
      tier: 'pro',
      status: 'active',
    });
    expect(await payments(buyer.userId)).toEqual([{ amount: 2000, currency: 'CHF', kind: 'tier' }]);
    expect((await checkout('starter')).status).toBe(200);
    expect(await payments(buyer.userId)).toHaveLength(1);

    expect((await checkout('organizer', 'eur')).status).toBe(200);
    expect(await subscription(buyer.userId)).toMatchObject({ subscription_tier: 'organizer', tier: 'premium' });
    expect((await payments(buyer.userId))[1]).toEqual({ amount: 5000, currency: 'EUR', kind: 'tier' });
  });

  it('bills a yearly plan at the yearly price for a year', async () => {
    const buyer = await account(backend, 'Yara Yearly');
    const answer = await callFunction(backend, 'create-checkout', {
      token: buyer.accessToken,
      body: { subscriptionTier: 'starter', interval: 'year' },
      headers: { Origin: ORIGIN },
    });
    expect(answer.status).toBe(200);
    expect(await payments(buyer.userId)).toEqual([{ amount: 21600, currency: 'CHF', kind: 'tier' }]);
    const { rows } = await backend.db.query<{ days: number }>(
      `select extract(day from current_period_end - current_period_start)::int as days
       from public.stripe_subscriptions where user_id = $1`,
      [buyer.userId],
    );
    expect([365, 366]).toContain(rows[0].days);
    expect(
      await callFunction(backend, 'create-checkout', {
        token: buyer.accessToken,
        body: { subscriptionTier: 'starter', interval: 'weekly' },
      }),
    ).toEqual({ status: 400, body: { error: "interval must be 'month' or 'year'" } });
  });

  it('refuses unknown tiers, bad currencies and callers without a session', async () => {
    const call = (body: unknown, token: string | undefined = ana.accessToken) =>
      callFunction(backend, 'create-checkout', { token, body });
    expect(await call({ subscriptionTier: 'pro' })).toEqual({
      status: 400,
      body: { error: 'Product not found for tier: pro' },
    });
    expect(await call({ subscriptionTier: 'free' })).toEqual({
      status: 400,
      body: { error: 'Product not found for tier: free' },
    });
    expect(await call({ subscriptionTier: 'starter', currency: 'francs' })).toEqual({
      status: 400,
      body: { error: 'currency must be a three-letter code' },
    });
    expect(await call({ subscriptionTier: 'starter' }, backend.anonKey)).toEqual({
      status: 401,
      body: { error: AUTH_REQUIRED },
    });
    expect(await subscription(ana.userId)).toMatchObject({ subscription_tier: 'free', tier: null });
  });
});

describe('manage-subscription without a provider key (the mock flow)', () => {
  it('cancels at the period end, takes it back, and moves down a tier keeping the events, only gated', async () => {
    const buyer = await account(backend, 'Carla Canceller');
    const manage = (body: unknown) =>
      callFunction(backend, 'manage-subscription', { token: buyer.accessToken, body, headers: { Origin: ORIGIN } });
    expect(await manage({ action: 'cancel' })).toEqual({
      status: 400,
      body: { error: 'You are on the free plan: there is no subscription to change.' },
    });
    await callFunction(backend, 'create-checkout', {
      token: buyer.accessToken,
      body: { subscriptionTier: 'organizer' },
      headers: { Origin: ORIGIN },
    });
    const { rows: made } = await backend.db.query<{ id: string }>(
      `insert into public.events (name, created_by) values ('Keeps its data', $1) returning id`,
      [buyer.userId],
    );
    await backend.db.query(`insert into public.checklists (event_id, title, created_by) values ($1, 'Tents', $2)`, [
      made[0].id,
      buyer.userId,
    ]);

    expect(await manage({ action: 'cancel' })).toEqual({
      status: 200,
      body: { tier: 'organizer', cancel_at_period_end: true },
    });
    expect(await subscription(buyer.userId)).toMatchObject({
      subscription_tier: 'organizer',
      cancel_at_period_end: true,
    });
    expect((await manage({ action: 'resume' })).status).toBe(200);
    expect(await subscription(buyer.userId)).toMatchObject({ cancel_at_period_end: false });

    expect(await manage({ action: 'downgrade', tier: 'starter' })).toEqual({
      status: 200,
      body: { tier: 'starter', cancel_at_period_end: false },
    });
    expect(await subscription(buyer.userId)).toMatchObject({ subscription_tier: 'starter', tier: 'pro' });
    const { rows } = await backend.db.query(
      `select e.access_tier, (select count(*)::int from public.checklists c where c.event_id = e.id) as lists
       from public.events e where e.id = $1`,
      [made[0].id],
    );
    expect(rows).toEqual([{ access_tier: 'starter', lists: 1 }]);
    expect(await manage({ action: 'downgrade', tier: 'starter' })).toEqual({
      status: 400,
      body: { error: 'Choose a plan below your current one.' },
    });
    expect((await manage({ action: 'pause' })).status).toBe(400);
  });
});

describe('create-checkout with a provider key', () => {
  let provider: http.Server;
  let received: { auth?: string; form: URLSearchParams } | null = null;
  let reply: { status: number; body: unknown } = {
    status: 200,
    body: { url: 'https://checkout.provider.test/pay/cs_1' },
  };

  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        received = { auth: req.headers.authorization, form: new URLSearchParams(text) };
        res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  it("opens the provider's checkout with the spec's return paths and leaves the tier to the webhook", async () => {
    await secrets.set({
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_API_BASE: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
    });
    const answer = await callFunction(backend, 'create-checkout', {
      token: ana.accessToken,
      body: { subscriptionTier: 'starter' },
      headers: { Origin: ORIGIN },
    });
    expect(answer).toEqual({ status: 200, body: { url: 'https://checkout.provider.test/pay/cs_1' } });
    expect(received?.auth).toBe('Bearer sk_test_local');
    const form = received!.form;
    expect(form.get('success_url')).toBe(
      `${ORIGIN}/checkout/subscription/success?tier=starter&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(form.get('cancel_url')).toBe(`${ORIGIN}/subscription?upgrade_cancelled=true`);
    expect(form.get('line_items[0][price_data][currency]')).toBe('chf');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2000');
    expect(form.get('metadata[user_id]')).toBe(ana.userId);
    expect(form.get('subscription_data[metadata][tier]')).toBe('starter');
    expect(await subscription(ana.userId)).toMatchObject({ subscription_tier: 'free' });

    reply = { status: 400, body: { error: { message: 'Invalid currency: xyz' } } };
    expect(
      await callFunction(backend, 'create-checkout', {
        token: ana.accessToken,
        body: { subscriptionTier: 'starter', currency: 'xyz' },
      }),
    ).toEqual({
      status: 502,
      body: { error: 'Invalid currency: xyz' },
    });
  });

  it('bills yearly at the yearly price, and opens the customer portal to cancel or move down', async () => {
    await secrets.set({
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_API_BASE: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
    });
    reply = { status: 200, body: { url: 'https://checkout.provider.test/pay/cs_2' } };
    expect(
      await callFunction(backend, 'create-checkout', {
        token: ana.accessToken,
        body: { subscriptionTier: 'organizer', interval: 'year' },
        headers: { Origin: ORIGIN },
      }),
    ).toEqual({ status: 200, body: { url: 'https://checkout.provider.test/pay/cs_2' } });
    expect(received!.form.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(received!.form.get('line_items[0][price_data][unit_amount]')).toBe('54000');

    const payer = await account(backend, 'Pia Portal');
    await backend.db.query(`select public.apply_subscription_change($1, 'starter', p_customer_id => 'cus_pia')`, [
      payer.userId,
    ]);
    reply = { status: 200, body: { url: 'https://billing.provider.test/session/bps_1' } };
    expect(
      await callFunction(backend, 'manage-subscription', {
        token: payer.accessToken,
        body: { action: 'cancel' },
        headers: { Origin: ORIGIN },
      }),
    ).toEqual({ status: 200, body: { url: 'https://billing.provider.test/session/bps_1' } });
    expect(received!.form.get('customer')).toBe('cus_pia');
    expect(received!.form.get('return_url')).toBe(`${ORIGIN}/subscription`);
    // the portal decides; nothing changed here
    expect(await subscription(payer.userId)).toMatchObject({
      subscription_tier: 'starter',
      cancel_at_period_end: false,
    });
  });
});

describe('stripe-webhook', () => {
  const SECRET = 'whsec_local_test';
  const sign = (payload: string, secret = SECRET, t = Math.floor(Date.now() / 1000)) =>
    `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  const deliver = (event: unknown, signature?: (payload: string) => string) => {
    const payload = JSON.stringify(event);
    return callFunction(backend, 'stripe-webhook', {
      token: null,
      method: 'POST',
      rawBody: payload,
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature(payload) } : {}) },
    });
  };
  const completed = (userId: string) => ({
    id: 'evt_1',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${userId}`,
        mode: 'subscription',
        client_reference_id: userId,
        customer: 'cus_1',
        subscription: `sub_${userId}`,
        amount_total: 2000,
        currency: 'chf',
        metadata: { user_id: userId, tier: 'starter' },
      },
    },
  });

  it('refuses forged, stale and missing signatures, changing nothing', async () => {
    await secrets.set({ STRIPE_WEBHOOK_SECRET: SECRET });
    const victim = await account(backend, 'Vic Victim');
    const event = completed(victim.userId);
    const invalid = { status: 400, body: { error: 'Invalid signature' } };
    expect(await deliver(event)).toEqual(invalid);
    expect(await deliver(event, (p) => sign(p, 'whsec_guess'))).toEqual(invalid);
    expect(await deliver(event, (p) => sign(p, SECRET, Math.floor(Date.now() / 1000) - 301))).toEqual(invalid);
    expect(await deliver(event, (p) => sign(`${p} `))).toEqual(invalid);
    expect(await deliver(event, () => 't=abc,v1=00')).toEqual(invalid);
    expect(await subscription(victim.userId)).toMatchObject({ subscription_tier: 'free', tier: null });
    expect(await payments(victim.userId)).toEqual([]);
  });

  it('applies a paid checkout once, then subscription updates and the cancellation', async () => {
    await secrets.set({ STRIPE_WEBHOOK_SECRET: SECRET });
    const payer = await account(backend, 'Pia Payer');
    const event = completed(payer.userId);
    expect(await deliver(event, sign)).toEqual({ status: 200, body: { received: true } });
    expect(await deliver(event, sign)).toEqual({ status: 200, body: { received: true } });
    expect(await subscription(payer.userId)).toMatchObject({
      subscription_tier: 'starter',
      tier: 'pro',
      status: 'active',
      provider_subscription_id: `sub_${payer.userId}`,
    });
    expect(await payments(payer.userId)).toEqual([{ amount: 2000, currency: 'CHF', kind: 'tier' }]);

    const now = Math.floor(Date.now() / 1000);
    const updated = {
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: `sub_${payer.userId}`,
          status: 'active',
          cancel_at_period_end: true,
          items: { data: [{ current_period_start: now, current_period_end: now + 30 * 86400 }] },
          metadata: { user_id: payer.userId, tier: 'organizer' },
        },
      },
    };
    expect((await deliver(updated, sign)).status).toBe(200);
    expect(await subscription(payer.userId)).toMatchObject({
      subscription_tier: 'organizer',
      tier: 'premium',
      cancel_at_period_end: true,
    });
    const { rows } = await backend.db.query(
      `select current_period_end from public.stripe_subscriptions where user_id = $1`,
      [payer.userId],
    );
    expect(new Date(rows[0].current_period_end as string).getTime()).toBe((now + 30 * 86400) * 1000);

    // No metadata: the subscription is found by its provider id.
    const deleted = {
      type: 'customer.subscription.deleted',
      data: { object: { id: `sub_${payer.userId}`, status: 'canceled' } },
    };
    expect((await deliver(deleted, sign)).status).toBe(200);
    expect(await subscription(payer.userId)).toMatchObject({
      subscription_tier: 'free',
      tier: 'free',
      status: 'canceled',
    });
  });

  it('acknowledges events it does not handle', async () => {
    await secrets.set({ STRIPE_WEBHOOK_SECRET: SECRET });
    expect(await deliver({ type: 'invoice.paid', data: { object: { id: 'in_1' } } }, sign)).toEqual({
      status: 200,
      body: { received: true, ignored: 'invoice.paid' },
    });
  });
});
