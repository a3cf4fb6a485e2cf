/**
 * Generators of the core kinds (events, members, invitations, profile, friends): each turns the
 * model's state and a random number into valid arguments and the change the server must show, or
 * null when the state offers nothing valid for the kind.
 */
import { TINY_PNG } from '../../support/images.ts';
import { ACTORS, choose, newModelEvent, type Model, type ModelEvent } from './reference-model.ts';
import type { GeneratorTable } from './generator-types.ts';

const MAX_EVENTS_PER_USER = 8;

const ownActive = (m: Model, actor: string) => m.events.filter((e) => e.creator === actor && e.status === 'active');

/** Where the actor may add, remove or promote members: own active events. */
function ownEvent(m: Model, actor: string, n: number): ModelEvent | null {
  return choose(ownActive(m, actor), n);
}

export const coreGenerators = {
  'event.create': ({ model, actor, n, step }) => {
    if (model.events.filter((e) => e.creator === actor).length >= MAX_EVENTS_PER_USER) return null;
    const location = n % 2 ? `site ${n}` : null;
    return {
      kind: 'event.create',
      args: { name: `event ${step}`, location },
      apply: (m, p) =>
        m.events.push(
          newModelEvent({
            localId: String(p.id),
            clientRef: String(p.clientRef),
            creator: actor,
            name: `event ${step}`,
            location,
          }),
        ),
    };
  },
  'event.update': ({ model, actor, n, step }) => {
    const event = ownEvent(model, actor, n);
    if (!event) return null;
    if (n % 2)
      return {
        kind: 'event.update',
        args: { id: event.localId, changes: { name: `renamed ${step}` } },
        apply: () => void (event.name = `renamed ${step}`),
      };
    return {
      kind: 'event.update',
      args: { id: event.localId, changes: { location: `moved ${step}` } },
      apply: () => void (event.location = `moved ${step}`),
    };
  },
  'event.soft-delete': ({ model, actor, n, step }) => {
    const event = ownEvent(model, actor, n);
    if (!event || step % 3 !== 0) return null; // deletions rarer than the rest
    return { kind: 'event.soft-delete', args: { id: event.localId }, apply: () => void (event.status = 'deleted') };
  },
  'event.restore': ({ model, actor, n }) => {
    const event = choose(
      model.events.filter((e) => e.creator === actor && e.status === 'deleted'),
      n,
    );
    if (!event) return null;
    return { kind: 'event.restore', args: { id: event.localId }, apply: () => void (event.status = 'active') };
  },
  'event.delete': ({ model, actor, n, step }) => {
    // Only deleted events are deleted for good (as the app offers it), and rarely.
    const event = choose(
      model.events.filter((e) => e.creator === actor && e.status === 'deleted'),
      n,
    );
    if (!event || step % 2 !== 0) return null;
    return {
      kind: 'event.delete',
      args: { id: event.localId },
      apply: (m) => {
        m.events = m.events.filter((e) => e !== event);
        m.rows = m.rows.filter((r) => r.event !== event);
        m.imported.delete(event);
      },
    };
  },
  'event.join': ({ model, actor, n }) => {
    const event = choose(
      model.shared.filter((e) => !e.members.has(actor) && e.name.startsWith('shared')),
      n,
    );
    if (!event) return null;
    return { kind: 'event.join', args: { id: event.localId }, apply: () => void event.members.set(actor, 'member') };
  },
  'event.leave': ({ model, actor, n, step }) => {
    const event = choose(
      model.shared.filter((e) => e.members.has(actor)),
      n,
    );
    if (!event || step % 4 !== 0) return null; // leaving rarer than writing in the event
    return { kind: 'event.leave', args: { id: event.localId }, apply: () => void event.members.delete(actor) };
  },
  'member.add': ({ model, actor, n }) => {
    const event = ownEvent(model, actor, n);
    const who = event
      ? choose(
          ACTORS.filter((o) => o !== actor && !event.members.has(o)),
          n,
        )
      : null;
    if (!event || !who) return null;
    return {
      kind: 'member.add',
      args: { eventId: event.localId, userId: model.userIds[who] },
      apply: () => void event.members.set(who, 'member'),
    };
  },
  'member.remove': ({ model, actor, n }) => {
    const event = ownEvent(model, actor, n);
    const who = event ? choose([...event.members.keys()], n) : null;
    if (!event || !who) return null;
    return {
      kind: 'member.remove',
      args: { eventId: event.localId, userId: model.userIds[who] },
      apply: () => void event.members.delete(who),
    };
  },
  'member.set-role': ({ model, actor, n }) => {
    const event = ownEvent(model, actor, n);
    const who = event ? choose([...event.members.keys()], n) : null;
    if (!event || !who) return null;
    const role = event.members.get(who) === 'admin' ? 'member' : 'admin';
    return {
      kind: 'member.set-role',
      args: { eventId: event.localId, userId: model.userIds[who], role },
      apply: () => void event.members.set(who, role),
    };
  },
  'invitation.send': ({ model, actor, n }) => {
    const event = ownEvent(model, actor, n);
    if (!event) return null;
    const email = `guest-${n % 3}.${model.tag}@example.com`;
    return {
      kind: 'invitation.send',
      args: { eventId: event.localId, email },
      apply: (_m, p) => {
        if (event.invitations.has(email)) return;
        event.invitations.set(email, String(p.id));
        event.invitationRows++;
      },
    };
  },
  'invitation.cancel': ({ model, actor, n }) => {
    const event = choose(
      ownActive(model, actor).filter((e) => e.invitations.size),
      n,
    );
    const pending = event ? choose([...event.invitations.entries()], n) : null;
    if (!event || !pending) return null;
    const [email, id] = pending;
    return { kind: 'invitation.cancel', args: { id }, apply: () => void event.invitations.delete(email) };
  },
  'invitation.respond': ({ model, actor, n }) => {
    const pending = choose([...model.incomingInvitations[actor].entries()], n);
    if (!pending) return null;
    const [id, event] = pending;
    const status = n % 3 ? 'accepted' : 'declined';
    return {
      kind: 'invitation.respond',
      args: { id, status, responseMessage: status === 'accepted' ? 'See you there' : null },
      apply: (m) => {
        m.incomingInvitations[actor].delete(id);
        const email = m.emails[actor].toLowerCase();
        event.invitations.delete(email);
        if (status === 'accepted') event.members.set(actor, 'member');
      },
    };
  },
  'profile.update': ({ actor, step }) => ({
    kind: 'profile.update',
    args: { changes: { name: `${actor} name ${step}` } },
    apply: (m) => void (m.names[actor] = `${actor} name ${step}`),
  }),
  'profile.upload-avatar': ({ actor, step }) => {
    if (step % 5 !== 0) return null; // uploads rarer than the rest
    return {
      kind: 'profile.upload-avatar',
      args: { bytes: TINY_PNG, contentType: 'image/png' },
      apply: (m) => void m.avatars.add(actor),
    };
  },
  'friend.request': ({ model, actor, setup }) => {
    if (model.askedFriend[actor]) return null;
    return {
      kind: 'friend.request',
      args: { email: setup.owner.email, message: 'Camping again?' },
      apply: (m) => void (m.askedFriend[actor] = true),
    };
  },
  'friend.respond': ({ model, actor, n }) => {
    const pending = choose([...model.incomingFriendRequests[actor].entries()], n);
    if (!pending) return null;
    const [id, sender] = pending;
    const status = n % 3 ? 'accepted' : 'rejected';
    return {
      kind: 'friend.respond',
      args: { id, status },
      apply: (m) => {
        m.incomingFriendRequests[actor].delete(id);
        if (status === 'accepted') m.friends[actor].add(sender);
      },
    };
  },
  'friend.remove': ({ model, actor, n }) => {
    const friend = choose([...model.friends[actor]], n);
    if (!friend) return null;
    return {
      kind: 'friend.remove',
      args: { friendId: friend },
      apply: (m) => void m.friends[actor].delete(friend),
    };
  },
} satisfies Partial<GeneratorTable>;
