/**
 * The hosted project's side of the delivery (issue 19): there the database itself calls the
 * senders, as Supabase's database webhooks do, with pg_net's net.http_post and the project URL and
 * service-role key from Supabase Vault. Neither exists here, so this test gives its own database a
 * stand-in of each with the same signatures (net.http_post records its calls; vault.decrypted_secrets
 * is a view), and checks what the migrations ask of them: one call of send-push per statement that
 * queued pushes (not one per recipient), send-notification-mail for mails, none without the Vault
 * secrets, a failing pg_net never failing the member's write, and the housekeeping ringing for jobs
 * that have become due.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { startDb, uniqueEmail } from './events-support.ts';
import { addDevice, call, crew, type Crew } from './notifications-support.ts';

let backend: TestBackend;
let camp: Crew;

const SERVICE_KEY = 'service-role-key-from-vault';

beforeAll(async () => {
  backend = await startDb();
  await backend.db.exec(`
    create schema net;
    create table net.calls (id serial primary key, url text, body jsonb, headers jsonb, timeout_milliseconds int);
    create table net.failing (on_ boolean);
    create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
      headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds int default 5000)
    returns bigint language plpgsql as $$
    begin
      if exists (select 1 from net.failing where on_) then
        raise exception 'pg_net is not running';
      end if;
      insert into net.calls (url, body, headers, timeout_milliseconds) values (url, body, headers, timeout_milliseconds);
      return currval('net.calls_id_seq');
    end $$;
    create schema vault;
    create table vault.secrets (name text primary key, secret text);
    create view vault.decrypted_secrets as select name, secret as decrypted_secret from vault.secrets;
  `);
  camp = await crew(backend, 'starter', ['hostedpayer', 'hostedone', 'hostedtwo']);
  for (const member of camp.members) await addDevice(member);
});

afterAll(async () => {
  await backend?.stop();
});

async function calls() {
  const { rows } = await backend.db.query<{ url: string; headers: Record<string, string>; body: unknown }>(
    `select url, headers, body from net.calls order by id`,
  );
  await backend.db.query(`truncate net.calls`);
  return rows;
}

async function spend(title: string) {
  const [payer, ...others] = camp.members;
  const { error } = await payer.client.from('expenses').insert({
    id: randomUUID(),
    event_id: camp.eventId,
    title,
    amount_minor: 300,
    paid_by: payer.id,
    shares: [payer, ...others].map((u) => ({ user_id: u.id, share_minor: 100 })),
  });
  if (error) throw new Error(error.message);
}

describe('the database webhook on a hosted project', () => {
  it('calls nothing until the Vault secrets are there, and the write goes through', async () => {
    await calls();
    await spend('Before the secrets');
    expect(await calls()).toEqual([]);
  });

  it('calls send-push once per statement that queued pushes, with the service-role key', async () => {
    await backend.db.query(
      `insert into vault.secrets values ('project_url', 'https://ref.supabase.co/'), ('service_role_key', $1)`,
      [SERVICE_KEY],
    );
    await spend('Firewood'); // two recipients with a device each: one statement, one call
    expect(await calls()).toEqual([
      {
        url: 'https://ref.supabase.co/functions/v1/send-push',
        body: {},
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${SERVICE_KEY}` },
      },
    ]);
    // An invitation queues a mail: the mail sender is called.
    await call(camp.creator, 'invite_user_to_event', {
      p_event_id: camp.eventId,
      p_recipient_email: uniqueEmail('hostedguest'),
    });
    expect((await calls()).map((c) => c.url)).toEqual(['https://ref.supabase.co/functions/v1/send-notification-mail']);
  });

  it('never fails the write when pg_net cannot take the call', async () => {
    await backend.db.query(`insert into net.failing values (true)`);
    await spend('Matches');
    expect(await calls()).toEqual([]);
    const { rows } = await backend.db.query(`select 1 from public.expenses where title = 'Matches'`);
    expect(rows).toHaveLength(1);
    await backend.db.query(`truncate net.failing`);
  });

  it('is rung again by the housekeeping for jobs that have become due (held, retried)', async () => {
    await backend.db.query(`update private.push_jobs set status = 'pending', available_at = clock_timestamp()`);
    await backend.db.query(`update private.mail_jobs set status = 'sent'`);
    await backend.service().rpc('run_notification_maintenance');
    expect((await calls()).map((c) => c.url)).toEqual(['https://ref.supabase.co/functions/v1/send-push']);
  });
});
