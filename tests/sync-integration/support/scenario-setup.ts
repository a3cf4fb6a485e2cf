/**
 * The setup of each run, written with the service key straight into the database before the
 * devices start: the actors' leftovers of the previous run go, and a user without a device (the
 * organizer-tier "owner") gets a shared event (one actor already a member, the others join by
 * link) with a chat message and a ride with pick-up points, an event to which every actor is
 * invited, and friend requests to every actor from two more users.
 */
import type { TestBackend } from '../../support/backend.ts';
import type { SetupUser } from './generator-types.ts';
import { ACTORS, addRow, newModelEvent, type Model } from './reference-model.ts';

export interface SetupUsers {
  owner: SetupUser;
  friends: SetupUser[];
}

export async function seedRun(backend: TestBackend, model: Model, setup: SetupUsers): Promise<void> {
  const q = async (sql: string, params: unknown[] = []) =>
    (await backend.db.query(sql, params)).rows as Record<string, unknown>[];
  const actorIds = ACTORS.map((a) => model.userIds[a]);
  const everyone = [...actorIds, setup.owner.userId, ...setup.friends.map((f) => f.userId)];
  await q(`delete from public.events where created_by = any($1::uuid[])`, [everyone]);
  await q(`delete from public.checklist_templates where owner_id = any($1::uuid[])`, [actorIds]);
  await q(`delete from public.friend_requests where sender_id = any($1::uuid[]) or recipient_id = any($1::uuid[])`, [
    everyone,
  ]);
  await q(`delete from public.friendships where user_id = any($1::uuid[]) or friend_id = any($1::uuid[])`, [everyone]);
  await q(`update public.profiles set avatar = null where id = any($1::uuid[])`, [actorIds]);

  const [shared] = await q(
    `insert into public.events (name, created_by, start_date, end_date) values ('shared camp', $1, '2027-07-01', '2027-07-04') returning id`,
    [setup.owner.userId],
  );
  const sharedEvent = newModelEvent({ localId: String(shared.id), creator: 'setup', name: 'shared camp' });
  await q(`insert into public.event_members (event_id, user_id) values ($1, $2)`, [shared.id, model.userIds.A]);
  sharedEvent.members.set('A', 'member');
  const [message] = await q(
    `insert into public.chat_messages (event_id, author_id, body) values ($1, $2, 'Welcome!') returning id`,
    [shared.id, setup.owner.userId],
  );
  addRow(model, { table: 'chat_messages', id: String(message.id), owner: 'setup', event: sharedEvent });
  const stops = [crypto.randomUUID(), crypto.randomUUID()];
  const [ride] = await q(
    `insert into public.rides (event_id, driver_id, seats, departure_place, departs_at, stops)
     values ($1, $2, 3, 'Bern', '2027-07-01T08:00', $3::jsonb) returning id`,
    [shared.id, setup.owner.userId, JSON.stringify(stops.map((id, i) => ({ id, place: `stop ${i}`, time: null })))],
  );
  addRow(model, {
    table: 'rides',
    id: String(ride.id),
    owner: 'setup',
    event: sharedEvent,
    state: { passengers: new Set<string>(), stops },
  });

  const [invited] = await q(`insert into public.events (name, created_by) values ('invited trip', $1) returning id`, [
    setup.owner.userId,
  ]);
  const invitedEvent = newModelEvent({ localId: String(invited.id), creator: 'setup', name: 'invited trip' });
  for (const actor of ACTORS) {
    const [row] = await q(
      `insert into public.event_invitations (event_id, sender_id, recipient_email, recipient_id)
       values ($1, $2, $3, $4) returning id`,
      [invited.id, setup.owner.userId, model.emails[actor], model.userIds[actor]],
    );
    invitedEvent.invitations.set(model.emails[actor].toLowerCase(), String(row.id));
    invitedEvent.invitationRows++;
    model.incomingInvitations[actor].set(String(row.id), invitedEvent);
    for (const friend of setup.friends) {
      const [request] = await q(
        `insert into public.friend_requests (sender_id, recipient_id, message) values ($1, $2, 'Hi!') returning id`,
        [friend.userId, model.userIds[actor]],
      );
      model.incomingFriendRequests[actor].set(String(request.id), friend.userId);
    }
  }
  model.shared.push(sharedEvent, invitedEvent);
}
