/**
 * Invitations by email: invite_user_to_event, cancel_invitation, get_sent_invitations,
 * get_user_invitations and respond_to_invitation (spec sections 2 to 8), each with its texts and
 * a replay of the same call; invitations to an address with no account reach it at sign-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { activeMembers, addMembers, makeEvent, makeUser, rpc, startDb, uniqueEmail } from './events-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startDb();
});

afterAll(async () => {
  await backend?.stop();
});

type Row = Record<string, unknown>;

describe('invite_user_to_event', () => {
  it('sends, answers a replay with the pending invitation, and links an existing account', async () => {
    const host = await makeUser(backend, 'host');
    const guest = await makeUser(backend, 'guest');
    const event = await makeEvent(host, { name: 'Festival' });
    const args = {
      p_event_id: event.id,
      p_recipient_email: ` ${guest.email.toUpperCase()} `,
      p_message: 'Come along!',
    };
    const sent = await rpc(host.client, 'invite_user_to_event', args);
    expect(sent).toMatchObject({ success: true, message: 'Invitation sent successfully', status: 'pending' });
    const again = await rpc(host.client, 'invite_user_to_event', args);
    expect(again).toEqual({
      success: true,
      message: `An invitation to ${guest.email.toUpperCase()} is already pending.`,
      status: 'pending',
      invitation_id: sent.invitation_id,
    });
    const { rows } = await backend.db.query(
      `select recipient_id, sender_id, message, status from public.event_invitations where event_id = $1`,
      [event.id],
    );
    expect(rows).toEqual([{ recipient_id: guest.id, sender_id: host.id, message: 'Come along!', status: 'pending' }]);
  });

  it('answers with the spec text for an address without @, and with clear texts for the other refusals', async () => {
    const host = await makeUser(backend, 'host2');
    const member = await makeUser(backend, 'member2');
    const stranger = await makeUser(backend, 'stranger2');
    const event = await makeEvent(host);
    await addMembers(backend, event.id, [{ id: member.id }]);
    const invite = (client = host.client, email = uniqueEmail('x')) =>
      rpc(client, 'invite_user_to_event', { p_event_id: event.id, p_recipient_email: email, p_message: null });
    expect(await invite(host.client, 'not-an-address')).toEqual({
      success: false,
      message: 'Please enter a valid email address',
    });
    expect(await invite(host.client, '')).toEqual({ success: false, message: 'Please enter a valid email address' });
    expect(await invite(host.client, member.email)).toEqual({
      success: false,
      message: `${member.email} is already a member of this event.`,
    });
    expect(await invite(member.client)).toEqual({
      success: false,
      message: 'Only the event creator and admins can invite people to this event.',
    });
    expect(await invite(stranger.client)).toEqual({ success: false, message: 'You are not a member of this event' });
    const { rows } = await backend.db.query(`select 1 from public.event_invitations where event_id = $1`, [event.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses when the event is already full', async () => {
    const host = await makeUser(backend, 'host3');
    const event = await makeEvent(host);
    const others = await Promise.all([1, 2, 3].map((i) => makeUser(backend, `seat${i}`)));
    await addMembers(
      backend,
      event.id,
      others.map((o) => ({ id: o.id })),
    );
    expect(
      await rpc(host.client, 'invite_user_to_event', { p_event_id: event.id, p_recipient_email: uniqueEmail('late') }),
    ).toEqual({
      success: false,
      message:
        'This event has reached its limit of 4 members on the free plan. The event creator can upgrade to starter for more members.',
    });
  });

  it('keeps an invitation to an address with no account and delivers it at sign-up', async () => {
    const host = await makeUser(backend, 'host4');
    const event = await makeEvent(host, { name: 'Ski trip' });
    const email = uniqueEmail('newcomer');
    await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: email,
      p_message: 'Join us',
    });
    const sent = await rpc<Row[]>(host.client, 'get_sent_invitations', { p_event_id: event.id });
    expect(sent).toMatchObject([
      { recipient_email: email, recipient_id: null, recipient_name: null, status: 'pending' },
    ]);
    const { client, userId } = await backend.signUp(email, 'correct-horse-battery', { name: 'New Comer' });
    const mine = await rpc<Row[]>(client, 'get_user_invitations');
    expect(mine).toMatchObject([
      {
        event_name: 'Ski trip',
        recipient_id: userId,
        recipient_name: 'New Comer',
        sender_name: host.name,
        message: 'Join us',
      },
    ]);
  });
});

describe('listing invitations', () => {
  it('returns the Invitation entity with event, sender and recipient names and avatars, filtered by status', async () => {
    const host = await makeUser(backend, 'lister');
    const guest = await makeUser(backend, 'listed');
    await backend.db.query(
      `update public.profiles set avatar = 'https://img.example.com/' || id where id in ($1, $2)`,
      [host.id, guest.id],
    );
    const event = await makeEvent(host, { name: 'Road trip' });
    const { invitation_id } = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
      p_message: 'Hi',
    });
    await rpc(host.client, 'invite_user_to_event', { p_event_id: event.id, p_recipient_email: uniqueEmail('other') });
    const expected = {
      id: invitation_id,
      event_id: event.id,
      event_name: 'Road trip',
      sender_id: host.id,
      sender_name: host.name,
      sender_avatar: `https://img.example.com/${host.id}`,
      recipient_id: guest.id,
      recipient_name: guest.name,
      recipient_email: guest.email,
      recipient_avatar: `https://img.example.com/${guest.id}`,
      message: 'Hi',
      status: 'pending',
      response_message: null,
      responded_at: null,
    };
    expect(await rpc<Row[]>(guest.client, 'get_user_invitations')).toMatchObject([expected]);
    expect(await rpc<Row[]>(host.client, 'get_sent_invitations', { p_event_id: event.id })).toHaveLength(2);
    await rpc(guest.client, 'respond_to_invitation', {
      p_invitation_id: invitation_id,
      p_status: 'declined',
      p_response_message: 'Busy',
    });
    const declined = await rpc<Row[]>(host.client, 'get_sent_invitations', {
      p_event_id: event.id,
      p_status: 'declined',
    });
    expect(declined).toMatchObject([
      { ...expected, status: 'declined', response_message: 'Busy', responded_at: expect.any(String) },
    ]);
    expect(
      await rpc<Row[]>(host.client, 'get_sent_invitations', { p_event_id: event.id, p_status: 'pending' }),
    ).toHaveLength(1);
  });

  it('refuses the sent list to non-members and an unknown status', async () => {
    const host = await makeUser(backend, 'lister2');
    const stranger = await makeUser(backend, 'peeker');
    const event = await makeEvent(host);
    const denied = await stranger.client.rpc('get_sent_invitations', { p_event_id: event.id });
    expect(denied.status).toBe(403);
    expect(denied.error).toMatchObject({ code: '42501', message: 'You are not a member of this event' });
    const bad = await host.client.rpc('get_sent_invitations', { p_event_id: event.id, p_status: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('Unknown invitation status: maybe (use pending, accepted or declined).');
  });
});

describe('cancel_invitation', () => {
  it('soft-deletes a pending invitation; a replay succeeds; others are refused', async () => {
    const host = await makeUser(backend, 'canceller');
    const member = await makeUser(backend, 'bystander');
    const guest = await makeUser(backend, 'uninvited');
    const event = await makeEvent(host);
    await addMembers(backend, event.id, [{ id: member.id }]);
    const { invitation_id } = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
    });
    expect(await rpc(member.client, 'cancel_invitation', { p_invitation_id: invitation_id })).toEqual({
      success: false,
      message: 'Invitation not found',
    });
    expect(await rpc(guest.client, 'cancel_invitation', { p_invitation_id: invitation_id })).toEqual({
      success: false,
      message: "Only the sender or the event's creator and admins can cancel this invitation.",
    });
    expect(await rpc(host.client, 'cancel_invitation', { p_invitation_id: invitation_id })).toEqual({
      success: true,
      message: 'Invitation cancelled',
    });
    expect(await rpc(host.client, 'cancel_invitation', { p_invitation_id: invitation_id })).toEqual({
      success: true,
      message: 'Invitation cancelled',
    });
    const { rows } = await backend.db.query(`select deleted_at from public.event_invitations where id = $1`, [
      invitation_id,
    ]);
    expect(rows[0].deleted_at).not.toBeNull();
    expect(await rpc<Row[]>(guest.client, 'get_user_invitations')).toEqual([]);
    expect(
      await rpc(guest.client, 'respond_to_invitation', { p_invitation_id: invitation_id, p_status: 'accepted' }),
    ).toEqual({
      success: false,
      message: 'This invitation has been cancelled.',
    });
    // a new invitation to the same address can be sent after cancelling
    expect(
      await rpc(host.client, 'invite_user_to_event', { p_event_id: event.id, p_recipient_email: guest.email }),
    ).toMatchObject({ success: true, message: 'Invitation sent successfully' });
  });

  it('cannot cancel an answered invitation', async () => {
    const host = await makeUser(backend, 'canceller2');
    const guest = await makeUser(backend, 'answerer');
    const event = await makeEvent(host);
    const { invitation_id } = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
    });
    await rpc(guest.client, 'respond_to_invitation', { p_invitation_id: invitation_id, p_status: 'accepted' });
    expect(await rpc(host.client, 'cancel_invitation', { p_invitation_id: invitation_id })).toEqual({
      success: false,
      message: 'This invitation has already been accepted and can no longer be cancelled.',
    });
  });
});

describe('respond_to_invitation', () => {
  it('accepting makes the recipient a member; the same answer again reports it; another answer is refused', async () => {
    const host = await makeUser(backend, 'responder-host');
    const guest = await makeUser(backend, 'responder');
    const event = await makeEvent(host);
    const { invitation_id } = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
    });
    const args = { p_invitation_id: invitation_id, p_status: 'accepted', p_response_message: 'See you there' };
    expect(await rpc(guest.client, 'respond_to_invitation', args)).toEqual({
      success: true,
      message: 'Invitation accepted',
      status: 'accepted',
      event_id: event.id,
    });
    expect(await rpc(guest.client, 'respond_to_invitation', args)).toEqual({
      success: true,
      message: 'You have already accepted this invitation.',
      status: 'accepted',
      event_id: event.id,
    });
    expect(await rpc(guest.client, 'respond_to_invitation', { ...args, p_status: 'declined' })).toEqual({
      success: false,
      message: 'You have already accepted this invitation.',
      status: 'accepted',
      event_id: event.id,
    });
    expect(await activeMembers(backend, event.id)).toEqual([
      { user_id: host.id, role: 'creator' },
      { user_id: guest.id, role: 'member' },
    ]);
    const { rows } = await backend.db.query(
      `select response_message, responded_at from public.event_invitations where id = $1`,
      [invitation_id],
    );
    expect(rows[0].response_message).toBe('See you there');
    expect(rows[0].responded_at).not.toBeNull();
  });

  it('declining adds no member; only the recipient may answer; the answer must be accepted or declined', async () => {
    const host = await makeUser(backend, 'decline-host');
    const guest = await makeUser(backend, 'decliner');
    const event = await makeEvent(host);
    const { invitation_id } = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
    });
    expect(
      await rpc(host.client, 'respond_to_invitation', { p_invitation_id: invitation_id, p_status: 'accepted' }),
    ).toEqual({
      success: false,
      message: 'Invitation not found',
    });
    expect(
      await rpc(guest.client, 'respond_to_invitation', { p_invitation_id: invitation_id, p_status: 'maybe' }),
    ).toEqual({
      success: false,
      message: 'Please answer accepted or declined.',
    });
    expect(
      await rpc(guest.client, 'respond_to_invitation', { p_invitation_id: invitation_id, p_status: 'declined' }),
    ).toMatchObject({
      success: true,
      message: 'Invitation declined',
    });
    expect(await activeMembers(backend, event.id)).toHaveLength(1);
  });

  it('respects the member limit when accepting', async () => {
    const host = await makeUser(backend, 'limit-host');
    const guest = await makeUser(backend, 'too-late');
    const event = await makeEvent(host);
    const { invitation_id } = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
    });
    const others = await Promise.all([1, 2, 3].map((i) => makeUser(backend, `early${i}`)));
    await addMembers(
      backend,
      event.id,
      others.map((o) => ({ id: o.id })),
    );
    expect(
      await rpc(guest.client, 'respond_to_invitation', { p_invitation_id: invitation_id, p_status: 'accepted' }),
    ).toEqual({
      success: false,
      message:
        'This event has reached its limit of 4 members on the free plan. The event creator can upgrade to starter for up to 15 members.',
    });
    const { rows } = await backend.db.query(`select status from public.event_invitations where id = $1`, [
      invitation_id,
    ]);
    expect(rows[0].status).toBe('pending');
  });
});

describe('reading invitations through REST', () => {
  it('shows an invitation to its sender, its recipient and the managers, not to other members', async () => {
    const host = await makeUser(backend, 'rls-host', { tier: 'starter' });
    const admin = await makeUser(backend, 'rls-admin');
    const member = await makeUser(backend, 'rls-member');
    const guest = await makeUser(backend, 'rls-guest');
    const event = await makeEvent(host);
    await addMembers(backend, event.id, [{ id: admin.id, role: 'admin' }, { id: member.id }]);
    const { invitation_id } = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
    });
    const sees = async (u: { client: typeof host.client }) =>
      (await u.client.from('event_invitations').select('id').eq('id', invitation_id)).data?.length;
    expect(await sees(host)).toBe(1);
    expect(await sees(admin)).toBe(1);
    expect(await sees(guest)).toBe(1);
    expect(await sees(member)).toBe(0);
    const answer = await guest.client.from('event_invitations').update({ status: 'accepted' }).eq('id', invitation_id);
    expect(answer.error?.code).toBe('42501');
  });
});
