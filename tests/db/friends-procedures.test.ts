/**
 * Friends through supabase-js: requests sent, listed, accepted or rejected; friendships in both
 * directions; removal; invite codes. Every failure answers success false with its message, and
 * every replay answers the state already reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { account, expectAnswer, rpc, type Account } from '../support/accounts.ts';

let backend: TestBackend;
let alice: Account;
let bruno: Account;
let chloe: Account;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  alice = await account(backend, 'Alice Alder');
  bruno = await account(backend, 'Bruno Birch');
  chloe = await account(backend, 'Chloe Cedar');
});
afterAll(async () => backend?.stop());

const friendIds = async (who: Account) => (await rpc<{ id: string }[]>(who.client, 'get_friends')).map((f) => f.id);
const friendshipRows = async (a: Account, b: Account) =>
  (
    await backend.db.query<{ user_id: string; deleted: boolean }>(
      `select user_id, deleted_at is not null as deleted from public.friendships
       where (user_id = $1 and friend_id = $2) or (user_id = $2 and friend_id = $1) order by user_id`,
      [a.userId, b.userId],
    )
  ).rows;

describe('send_friend_request and respond_to_friend_request', () => {
  it('sends, lists both ways, accepts into two friendship rows, and replays', async () => {
    const sent = await rpc<{ request_id: string }>(alice.client, 'send_friend_request', {
      p_recipient_email: bruno.email.toUpperCase(),
      p_message: 'Camping buddy?',
    });
    expectAnswer(sent, true, 'Friend request sent');
    const replay = await rpc<{ request_id: string }>(alice.client, 'send_friend_request', {
      p_recipient_email: bruno.email,
      p_message: 'Camping buddy?',
    });
    expectAnswer(replay, true, 'Friend request already sent');
    expect(replay.request_id).toBe(sent.request_id);

    const incoming = await rpc<Record<string, unknown>[]>(bruno.client, 'get_friend_requests', {
      p_direction: 'incoming',
      p_status: 'pending',
    });
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({
      id: sent.request_id,
      sender_id: alice.userId,
      sender_name: 'Alice Alder',
      sender_email: alice.email,
      message: 'Camping buddy?',
      status: 'pending',
    });
    const outgoing = await rpc<Record<string, unknown>[]>(alice.client, 'get_friend_requests', {
      p_direction: 'outgoing',
      p_status: 'pending',
    });
    expect(outgoing.map((r) => r.recipient_id)).toEqual([bruno.userId]);
    expect(await rpc(alice.client, 'get_friend_requests', { p_direction: 'incoming', p_status: 'pending' })).toEqual(
      [],
    );

    expectAnswer(
      await rpc(bruno.client, 'respond_to_friend_request', {
        p_request_id: sent.request_id,
        p_status: 'accepted',
        p_response_message: 'Sure!',
      }),
      true,
      'Friend request accepted',
    );
    expectAnswer(
      await rpc(bruno.client, 'respond_to_friend_request', {
        p_request_id: sent.request_id,
        p_status: 'accepted',
        p_response_message: 'Sure!',
      }),
      true,
      'Friend request already accepted',
    );
    expectAnswer(
      await rpc(bruno.client, 'respond_to_friend_request', {
        p_request_id: sent.request_id,
        p_status: 'rejected',
        p_response_message: null,
      }),
      false,
      'This friend request has already been accepted',
    );
    expect(await friendshipRows(alice, bruno)).toHaveLength(2);
    expect(await friendIds(alice)).toEqual([bruno.userId]);
    expect(await friendIds(bruno)).toEqual([alice.userId]);
    const accepted = await rpc<Record<string, unknown>[]>(alice.client, 'get_friend_requests', {
      p_direction: 'outgoing',
      p_status: 'accepted',
    });
    expect(accepted[0]).toMatchObject({ status: 'accepted', response_message: 'Sure!' });
  });

  it('explains each refusal', async () => {
    expectAnswer(
      await rpc(alice.client, 'send_friend_request', { p_recipient_email: 'not-an-address', p_message: null }),
      false,
      'Please enter a valid email address',
    );
    expectAnswer(
      await rpc(alice.client, 'send_friend_request', { p_recipient_email: 'nobody.here@example.com', p_message: null }),
      false,
      'No account found with that email address',
    );
    expectAnswer(
      await rpc(alice.client, 'send_friend_request', { p_recipient_email: alice.email, p_message: null }),
      false,
      'You cannot send a friend request to yourself',
    );
    expectAnswer(
      await rpc(alice.client, 'send_friend_request', { p_recipient_email: bruno.email, p_message: null }),
      false,
      'You are already friends with this user',
    );
    const sent = await rpc<{ request_id: string }>(chloe.client, 'send_friend_request', {
      p_recipient_email: alice.email,
      p_message: null,
    });
    expectAnswer(
      await rpc(alice.client, 'send_friend_request', { p_recipient_email: chloe.email, p_message: null }),
      false,
      'This user has already sent you a friend request. Accept it instead.',
    );
    // Only the recipient may answer; a stranger sees no such request.
    expectAnswer(
      await rpc(bruno.client, 'respond_to_friend_request', {
        p_request_id: sent.request_id,
        p_status: 'accepted',
        p_response_message: null,
      }),
      false,
      'Friend request not found',
    );
    expectAnswer(
      await rpc(chloe.client, 'respond_to_friend_request', {
        p_request_id: sent.request_id,
        p_status: 'accepted',
        p_response_message: null,
      }),
      false,
      'Friend request not found',
    );
    expectAnswer(
      await rpc(alice.client, 'respond_to_friend_request', {
        p_request_id: sent.request_id,
        p_status: 'maybe',
        p_response_message: null,
      }),
      false,
      'Status must be accepted or rejected',
    );
    expectAnswer(
      await rpc(alice.client, 'respond_to_friend_request', {
        p_request_id: sent.request_id,
        p_status: 'rejected',
        p_response_message: 'Sorry',
      }),
      true,
      'Friend request rejected',
    );
    expectAnswer(
      await rpc(alice.client, 'respond_to_friend_request', {
        p_request_id: sent.request_id,
        p_status: 'rejected',
        p_response_message: 'Sorry',
      }),
      true,
      'Friend request already rejected',
    );
    expect(await friendshipRows(alice, chloe)).toEqual([]);
    const { error } = await alice.client.rpc('get_friend_requests', { p_direction: 'sideways', p_status: null });
    expect([error?.code, error?.message]).toEqual(['22023', 'Direction must be incoming or outgoing']);
  });

  it('answers a replay of the same device request (client_ref) with the row it made, after any answer', async () => {
    const dora = await account(backend, 'Dora Dogwood');
    const emil = await account(backend, 'Emil Elm');
    const fritz = await account(backend, 'Fritz Fir');
    const requestsFrom = async (sender: Account) =>
      (
        await backend.db.query<{ status: string }>(
          `select status from public.friend_requests where sender_id = $1 order by created_at`,
          [sender.userId],
        )
      ).rows.map((r) => r.status);
    const send = (recipient: Account, clientRef: string) =>
      rpc<{ request_id: string }>(dora.client, 'send_friend_request', {
        p_recipient_email: recipient.email,
        p_message: null,
        p_client_ref: clientRef,
      });

    // A second device request while one is pending finds it.
    const first = await send(emil, crypto.randomUUID());
    const rejectRef = crypto.randomUUID();
    const toEmil = await send(emil, rejectRef);
    expectAnswer(toEmil, true, 'Friend request already sent');
    expect(toEmil.request_id).toBe(first.request_id);
    // Rejected, then the same request replayed: no second request.
    const sent = await send(fritz, rejectRef);
    expectAnswer(sent, true, 'Friend request sent');
    await rpc(fritz.client, 'respond_to_friend_request', { p_request_id: sent.request_id, p_status: 'rejected' });
    const replay = await send(fritz, rejectRef);
    expectAnswer(replay, true, 'Friend request already sent');
    expect(replay).toMatchObject({ request_id: sent.request_id, status: 'rejected' });

    // Accepted, then replayed: the friendship is not reported as a refusal.
    await rpc(emil.client, 'respond_to_friend_request', { p_request_id: first.request_id, p_status: 'accepted' });
    expect(await send(emil, rejectRef)).toMatchObject({ success: true, request_id: sent.request_id });
    expect(await requestsFrom(dora)).toEqual(['accepted', 'rejected']);
  });

  it('is closed to anonymous callers', async () => {
    const { error, status } = await backend
      .anon()
      .rpc('send_friend_request', { p_recipient_email: alice.email, p_message: null });
    expect([error?.code, status]).toEqual(['42501', 401]);
  });
});

describe('remove_friend', () => {
  it('removes both directions softly, replays, and allows becoming friends again', async () => {
    expectAnswer(await rpc(bruno.client, 'remove_friend', { p_friend_id: alice.userId }), true, 'Friend removed');
    expectAnswer(await rpc(bruno.client, 'remove_friend', { p_friend_id: alice.userId }), true, 'Friend removed');
    expect(await friendshipRows(alice, bruno)).toEqual([
      expect.objectContaining({ deleted: true }),
      expect.objectContaining({ deleted: true }),
    ]);
    expect(await friendIds(alice)).toEqual([]);
    expectAnswer(
      await rpc(bruno.client, 'remove_friend', { p_friend_id: chloe.userId }),
      false,
      'This user is not your friend',
    );
    const again = await rpc<{ request_id: string }>(bruno.client, 'send_friend_request', {
      p_recipient_email: alice.email,
      p_message: null,
    });
    await rpc(alice.client, 'respond_to_friend_request', {
      p_request_id: again.request_id,
      p_status: 'accepted',
      p_response_message: null,
    });
    expect(await friendIds(bruno)).toEqual([alice.userId]);
  });
});

describe('friend invite codes', () => {
  it('generates one code per user while valid, and makes the visitor a friend once', async () => {
    const dan = await account(backend, 'Dan Dune');
    const eva = await account(backend, 'Eva Elm');
    const generated = await rpc<{ code: string }>(dan.client, 'generate_friend_invite_code');
    expectAnswer(generated, true, 'Invite link ready');
    expect(generated.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await rpc<{ code: string }>(dan.client, 'generate_friend_invite_code')).code).toBe(generated.code);

    const accepted = await rpc(eva.client, 'accept_friend_invite_code', { p_code: generated.code });
    expect(accepted).toMatchObject({
      success: true,
      message: 'You are now friends',
      friend_id: dan.userId,
      friend_name: 'Dan Dune',
    });
    expectAnswer(
      await rpc(eva.client, 'accept_friend_invite_code', { p_code: generated.code }),
      true,
      'You are already friends',
    );
    expect(await friendIds(dan)).toEqual([eva.userId]);
    const { rows } = await backend.db.query(`select used_count from public.friend_invite_codes where code = $1`, [
      generated.code,
    ]);
    expect(rows[0]).toEqual({ used_count: 1 });
  });

  it('refuses unknown, own and expired codes', async () => {
    const fay = await account(backend, 'Fay Fern');
    const { code } = await rpc<{ code: string }>(fay.client, 'generate_friend_invite_code');
    expectAnswer(
      await rpc(fay.client, 'accept_friend_invite_code', { p_code: code }),
      false,
      'You cannot use your own invite link',
    );
    expectAnswer(
      await rpc(alice.client, 'accept_friend_invite_code', { p_code: 'NoSuchCode123' }),
      false,
      'This invite link is not valid',
    );
    await backend.db.query(
      `update public.friend_invite_codes set expires_at = now() - interval '1 minute' where code = $1`,
      [code],
    );
    expectAnswer(
      await rpc(alice.client, 'accept_friend_invite_code', { p_code: code }),
      false,
      'This invite link has expired',
    );
    const fresh = await rpc<{ code: string }>(fay.client, 'generate_friend_invite_code');
    expect(fresh.code).not.toBe(code);
  });

  it('settles a pending request between the two', async () => {
    const gus = await account(backend, 'Gus Grove');
    const hana = await account(backend, 'Hana Heath');
    const request = await rpc<{ request_id: string }>(hana.client, 'send_friend_request', {
      p_recipient_email: gus.email,
      p_message: null,
    });
    const { code } = await rpc<{ code: string }>(gus.client, 'generate_friend_invite_code');
    await rpc(hana.client, 'accept_friend_invite_code', { p_code: code });
    const { rows } = await backend.db.query(`select status from public.friend_requests where id = $1`, [
      request.request_id,
    ]);
    expect(rows[0]).toEqual({ status: 'accepted' });
  });
});
