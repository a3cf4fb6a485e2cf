/**
 * The waitlist: anyone joins it once, admins approve or reject with notes (logged), an approval
 * answers a signed /register link whose token only the server can make, and the register page can
 * learn that the token's email is approved without anyone learning who else is on the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { account, activity, expectAnswer, rpc, rpcError, type Account } from '../support/accounts.ts';

let backend: TestBackend;
let admin: Account;
let user: Account;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  admin = await account(backend, 'Wanda Waitlist', { role: 'admin' });
  user = await account(backend, 'Ulf User');
});
afterAll(async () => backend?.stop());

const entryId = async (email: string) =>
  (await backend.db.query<{ id: string }>(`select id from public.waitlist where lower(email) = lower($1)`, [email]))
    .rows[0]?.id;

const base64url = (text: string) => Buffer.from(text).toString('base64url');

describe('add_to_waitlist', () => {
  it('adds an anonymous visitor once, case-insensitively', async () => {
    const anon = backend.anon();
    expectAnswer(
      await rpc(anon, 'add_to_waitlist', { p_email: ' Lena.Lake@Example.com ', p_name: 'Lena Lake' }),
      true,
      'You have been added to the waitlist.',
    );
    expectAnswer(
      await rpc(anon, 'add_to_waitlist', { p_email: 'lena.lake@example.com', p_name: 'Lena Lake' }),
      false,
      'This email is already on the waitlist.',
    );
    expectAnswer(
      await rpc(anon, 'add_to_waitlist', { p_email: 'LENA.LAKE@EXAMPLE.COM', p_name: null }),
      false,
      'This email is already on the waitlist.',
    );
    const { rows } = await backend.db.query(
      `select email, name, status from public.waitlist where lower(email) = 'lena.lake@example.com'`,
    );
    expect(rows).toEqual([{ email: 'lena.lake@example.com', name: 'Lena Lake', status: 'pending' }]);
  });

  it('refuses an address without @', async () => {
    expectAnswer(
      await rpc(backend.anon(), 'add_to_waitlist', { p_email: 'lena.example.com', p_name: 'Lena' }),
      false,
      'Please enter a valid email address',
    );
    expectAnswer(
      await rpc(backend.anon(), 'add_to_waitlist', { p_email: null, p_name: 'Lena' }),
      false,
      'Please enter a valid email address',
    );
  });
});

describe('process_waitlist_entry', () => {
  it('approves with notes, answers the signed link, and replays without a second log', async () => {
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: 'Max.Moor@example.com', p_name: 'Max Moor' });
    const id = await entryId('max.moor@example.com');
    const first = await rpc<Record<string, unknown>>(admin.client, 'process_waitlist_entry', {
      p_id: id,
      p_status: 'approved',
      p_notes: 'Friend of the crew',
    });
    expect(first).toMatchObject({
      success: true,
      email: 'max.moor@example.com',
      entry: { id, status: 'approved', notes: 'Friend of the crew', processed_by: admin.userId },
    });
    const token = first.token as string;
    expect(token.split('.')[0]).toBe(base64url('max.moor@example.com'));
    expect(first.link).toBe(`/register?token=${token}`);
    const replay = await rpc<Record<string, unknown>>(admin.client, 'process_waitlist_entry', {
      p_id: id,
      p_status: 'approved',
      p_notes: 'Friend of the crew',
    });
    expect(replay.token).toBe(token);
    const logged = await activity(backend, 'process_waitlist_entry', id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor_id: admin.userId,
      details: { status: 'approved', email: 'max.moor@example.com' },
    });
    expect(await rpc(backend.service(), 'verify_approval_token', { p_token: token })).toBe('max.moor@example.com');
  });

  it('rejects, after which an earlier approval token no longer verifies', async () => {
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: 'rita.reed@example.com', p_name: 'Rita Reed' });
    const id = await entryId('rita.reed@example.com');
    const approved = await rpc<{ token: string }>(admin.client, 'process_waitlist_entry', {
      p_id: id,
      p_status: 'approved',
      p_notes: null,
    });
    const rejected = await rpc<Record<string, unknown>>(admin.client, 'process_waitlist_entry', {
      p_id: id,
      p_status: 'rejected',
      p_notes: 'Not this season',
    });
    expect(rejected).toMatchObject({ success: true, entry: { status: 'rejected', notes: 'Not this season' } });
    expect(rejected.token).toBeUndefined();
    expect(await rpc(backend.service(), 'verify_approval_token', { p_token: approved.token })).toBeNull();
    expect(await activity(backend, 'process_waitlist_entry', id)).toHaveLength(2);
  });

  it('refuses bad statuses, unknown entries and non-admins', async () => {
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: 'sam.stone@example.com', p_name: 'Sam' });
    const id = await entryId('sam.stone@example.com');
    await rpcError(
      admin.client,
      'process_waitlist_entry',
      { p_id: id, p_status: 'maybe', p_notes: null },
      '22023',
      'Status must be pending, approved or rejected',
    );
    await rpcError(
      admin.client,
      'process_waitlist_entry',
      { p_id: crypto.randomUUID(), p_status: 'approved', p_notes: null },
      'P0001',
      'Waitlist entry not found',
    );
    await rpcError(
      user.client,
      'process_waitlist_entry',
      { p_id: id, p_status: 'approved', p_notes: null },
      '42501',
      'Admin access required',
    );
    const { error, status } = await backend
      .anon()
      .rpc('process_waitlist_entry', { p_id: id, p_status: 'approved', p_notes: null });
    expect([error?.code, status]).toEqual(['42501', 401]);
    const { rows } = await backend.db.query(`select status from public.waitlist where id = $1`, [id]);
    expect(rows[0]).toEqual({ status: 'pending' });
  });
});

describe('approval tokens', () => {
  let token: string;
  beforeAll(async () => {
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: 'tara.trail@example.com', p_name: 'Tara Trail' });
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: 'pending.person@example.com', p_name: 'Pending' });
    const answer = await rpc<{ token: string }>(admin.client, 'process_waitlist_entry', {
      p_id: await entryId('tara.trail@example.com'),
      p_status: 'approved',
      p_notes: null,
    });
    token = answer.token;
  });

  it('cannot be forged from a known address', async () => {
    const service = backend.service();
    const [, signature] = token.split('.');
    const forgeries = [
      base64url('tara.trail@example.com'),
      `${base64url('tara.trail@example.com')}.`,
      `${base64url('tara.trail@example.com')}.${signature.slice(0, -2)}AA`,
      `${base64url('pending.person@example.com')}.${signature}`,
      `${base64url('TARA.TRAIL@example.com')}x.${signature}`,
      `${token}.extra`,
      '!!!.???',
      '',
    ];
    for (const forged of forgeries) {
      expect(await rpc(service, 'verify_approval_token', { p_token: forged }), forged).toBeNull();
    }
    expect(await rpc(service, 'verify_approval_token', { p_token: token })).toBe('tara.trail@example.com');
  });

  it('is verified by the server only', async () => {
    for (const client of [backend.anon(), user.client, admin.client]) {
      const { data, error } = await client.rpc('verify_approval_token', { p_token: token });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
  });

  it('cannot read the signing secret through the API', async () => {
    const { data, error } = await backend.service().schema('private').from('app_secrets').select('*');
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });
});

describe('get_waitlist_entry_by_email', () => {
  it('gives admins the whole entry, case-insensitively', async () => {
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: 'uli.upland@example.com', p_name: 'Uli Upland' });
    const entry = await rpc(admin.client, 'get_waitlist_entry_by_email', { p_email: 'ULI.UPLAND@example.com' });
    expect(entry).toMatchObject({
      email: 'uli.upland@example.com',
      name: 'Uli Upland',
      status: 'pending',
      notes: null,
    });
    expect(await rpc(admin.client, 'get_waitlist_entry_by_email', { p_email: 'nobody@example.com' })).toBeNull();
  });

  it("tells anyone else only the status, and only with that email's approval token", async () => {
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: 'vera.vale@example.com', p_name: 'Vera Vale' });
    const { token } = await rpc<{ token: string }>(admin.client, 'process_waitlist_entry', {
      p_id: await entryId('vera.vale@example.com'),
      p_status: 'approved',
      p_notes: 'internal note',
    });
    const anon = backend.anon();
    expect(
      await rpc(anon, 'get_waitlist_entry_by_email', { p_email: 'Vera.Vale@example.com', p_token: token }),
    ).toEqual({
      email: 'vera.vale@example.com',
      name: 'Vera Vale',
      status: 'approved',
    });
    expect(await rpc(anon, 'get_waitlist_entry_by_email', { p_email: 'vera.vale@example.com' })).toBeNull();
    expect(
      await rpc(anon, 'get_waitlist_entry_by_email', { p_email: 'uli.upland@example.com', p_token: token }),
    ).toBeNull();
    expect(await rpc(user.client, 'get_waitlist_entry_by_email', { p_email: 'uli.upland@example.com' })).toBeNull();
  });
});
