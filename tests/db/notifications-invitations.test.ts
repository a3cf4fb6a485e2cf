/**
 * Invitations, friends and members (issue 19): who hears of an invitation (the invitee, at once
 * or when their address gets an account), its answer (the sender), a cancellation (it leaves the
 * invitee's bell), a member joining (the managers, except the one whose invitation it was) or
 * being added (the member), and friend requests and their answers. Every invitation also queues
 * its mail, unless the invitee's account turned invitation mail off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, startDb, uniqueEmail, type TestUser } from './events-support.ts';
import { bell, call, now, recipients, setChannel } from './notifications-support.ts';

let backend: TestBackend;
let lead: TestUser; // starter: creator of the event
let coLead: TestUser; // the event's admin
let member: TestUser;
let invitee: TestUser;
let eventId: string;
let eventName: string;

beforeAll(async () => {
  backend = await startDb();
  lead = await makeUser(backend, 'lead', { tier: 'starter' });
  coLead = await makeUser(backend, 'colead');
  member = await makeUser(backend, 'member');
  invitee = await makeUser(backend, 'invitee');
  const event = await makeEvent(lead, { name: 'Lake weekend' });
  eventId = event.id;
  eventName = 'Lake weekend';
  await addMembers(backend, eventId, [{ id: coLead.id, role: 'admin' }, { id: member.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

async function mailJobs(invitationId: string) {
  const { rows } = await backend.db.query<{ kind: string; user_id: string | null; status: string }>(
    `select kind, user_id, status from private.mail_jobs where invitation_id = $1`,
    [invitationId],
  );
  return rows;
}

const invite = async (from: TestUser, email: string, message?: string) =>
  (
    await call<{ success: boolean; invitation_id: string }>(from, 'invite_user_to_event', {
      p_event_id: eventId,
      p_recipient_email: email,
      p_message: message ?? null,
    })
  ).invitation_id;

describe('invitations', () => {
  it('reach the invitee (not the sender, not other members) and queue their mail', async () => {
    const since = await now(backend);
    const id = await invite(coLead, invitee.email, 'Bring your paddle board');
    expect(await recipients(backend, 'event_invitation', since)).toEqual([invitee.id]);
    const [row] = await bell(backend, invitee.id, 'event_invitation');
    expect(row).toMatchObject({
      category: 'invitations',
      event_id: eventId,
      actor_id: coLead.id,
      title: `Invitation to ${eventName}`,
      body: 'Bring your paddle board',
      data: { path: '/dashboard', invitation_id: id },
      read_at: null,
    });
    expect(await mailJobs(id)).toEqual([{ kind: 'invitation', user_id: invitee.id, status: 'pending' }]);
    // Inviting again while it is pending is the same invitation: nothing new.
    expect(await invite(coLead, invitee.email)).toBe(id);
    expect(await bell(backend, invitee.id, 'event_invitation')).toHaveLength(1);
  });

  it("answered: the invitee's row is read, the sender hears the answer, the other managers that someone joined", async () => {
    const [row] = await bell(backend, invitee.id, 'event_invitation');
    const since = await now(backend);
    await call(invitee, 'respond_to_invitation', {
      p_invitation_id: row.data.invitation_id,
      p_status: 'accepted',
      p_response_message: 'See you there!',
    });
    expect((await bell(backend, invitee.id, 'event_invitation'))[0].read_at).not.toBeNull();
    expect(await recipients(backend, 'invitation_answered', since)).toEqual([coLead.id]);
    expect((await bell(backend, coLead.id, 'invitation_answered'))[0]).toMatchObject({
      title: 'Invitee Tester accepted your invitation',
      body: 'See you there!',
    });
    expect(await recipients(backend, 'member_joined', since)).toEqual([lead.id]);
    expect((await bell(backend, lead.id, 'member_joined')).at(-1)?.title).toBe(`Invitee Tester joined ${eventName}`);
  });

  it('declined: the sender hears it', async () => {
    const other = await makeUser(backend, 'decliner');
    const id = await invite(lead, other.email);
    const since = await now(backend);
    await call(other, 'respond_to_invitation', { p_invitation_id: id, p_status: 'declined' });
    expect(await recipients(backend, 'invitation_answered', since)).toEqual([lead.id]);
    expect((await bell(backend, lead.id, 'invitation_answered')).at(-1)).toMatchObject({
      title: 'Decliner Tester declined your invitation',
      body: `to ${eventName}`,
    });
    expect(await recipients(backend, 'member_joined', since)).toEqual([]);
  });

  it("cancelled: it leaves the invitee's bell, and its mail is not sent any more", async () => {
    const other = await makeUser(backend, 'cancelled');
    const id = await invite(lead, other.email);
    expect(await bell(backend, other.id, 'event_invitation')).toHaveLength(1);
    await call(lead, 'cancel_invitation', { p_invitation_id: id });
    expect(await bell(backend, other.id, 'event_invitation')).toEqual([]);
    await backend.service().rpc('claim_mail_jobs', { p_limit: 200 });
    expect((await mailJobs(id))[0].status).toBe('skipped');
  });

  it('to an address without an account: mailed at once, in the bell once the address signs up', async () => {
    const email = uniqueEmail('newcomer');
    const id = await invite(lead, email, 'Come along!');
    expect(await mailJobs(id)).toEqual([{ kind: 'invitation', user_id: null, status: 'pending' }]);
    const { userId } = await backend.signUp(email, 'correct-horse-battery', { name: 'Nina Newcomer' });
    const [row] = await bell(backend, userId, 'event_invitation');
    expect(row).toMatchObject({
      title: `Invitation to ${eventName}`,
      body: 'Come along!',
      data: { invitation_id: id },
    });
  });

  it("follows the invitee's settings: in-app off makes no row, mail off queues no mail", async () => {
    const quiet = await makeUser(backend, 'quiet');
    await setChannel(quiet, 'invitations', 'in_app', false);
    await setChannel(quiet, 'invitations', 'mail', false);
    const id = await invite(lead, quiet.email);
    expect(await bell(backend, quiet.id)).toEqual([]);
    expect(await mailJobs(id)).toEqual([]);
  });
});

describe('members', () => {
  it('added by a manager: the member hears it, and the other managers that someone joined', async () => {
    const added = await makeUser(backend, 'added');
    const since = await now(backend);
    await call(lead, 'add_event_member', { p_event_id: eventId, p_user_id: added.id });
    expect(await recipients(backend, 'member_added', since)).toEqual([added.id]);
    expect((await bell(backend, added.id, 'member_added'))[0].title).toBe(`Lead Tester added you to ${eventName}`);
    expect(await recipients(backend, 'member_joined', since)).toEqual([coLead.id]);
  });

  it('joined by link: the managers hear it, plain members and the one who joined not', async () => {
    const joiner = await makeUser(backend, 'joiner');
    const since = await now(backend);
    await call(joiner, 'join_event', { p_event_id: eventId });
    expect(await recipients(backend, 'member_joined', since)).toEqual([lead.id, coLead.id].sort());
    expect(await bell(backend, joiner.id)).toEqual([]);
    expect(await bell(backend, member.id, 'member_joined')).toEqual([]);
  });
});

describe('friends', () => {
  it('a request reaches its recipient; the answer its sender, and the request is read', async () => {
    const asker = await makeUser(backend, 'asker');
    const since = await now(backend);
    const sent = await call<{ request_id: string }>(asker, 'send_friend_request', {
      p_recipient_email: member.email,
      p_message: 'Met you at the lake',
    });
    expect(await recipients(backend, 'friend_request', since)).toEqual([member.id]);
    expect((await bell(backend, member.id, 'friend_request'))[0]).toMatchObject({
      category: 'invitations',
      title: 'Asker Tester sent you a friend request',
      body: 'Met you at the lake',
      data: { path: '/profile/friends', request_id: sent.request_id },
    });
    await call(member, 'respond_to_friend_request', { p_request_id: sent.request_id, p_status: 'accepted' });
    expect((await bell(backend, member.id, 'friend_request'))[0].read_at).not.toBeNull();
    expect(await recipients(backend, 'friend_request_answered', since)).toEqual([asker.id]);
    expect((await bell(backend, asker.id, 'friend_request_answered'))[0].title).toBe(
      'Member Tester accepted your friend request',
    );
  });
});
