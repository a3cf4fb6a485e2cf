/**
 * The reference model of the property test: what the server must hold after a sequence of
 * mutations, computed without any of the engine's code. Each user only changes their own events
 * and profile, so the order in which different users' changes reach the server does not matter,
 * and each user's own changes reach it in the order they were made (one outbox per user).
 */
export type Actor = 'A' | 'B' | 'C';
const ACTORS: Actor[] = ['A', 'B', 'C'];

export interface ModelEvent {
  localId: string;
  clientRef: string;
  creator: Actor;
  name: string;
  location: string | null;
  status: 'active' | 'deleted';
  members: Map<Actor, 'admin' | 'member'>;
  /** Pending invitations: address -> id of the row that exists on the server. */
  invitations: Map<string, string>;
  /** Invitation rows ever made for the event (cancelled ones stay, soft-deleted). */
  invitationRows: number;
}

export interface Model {
  userIds: Record<Actor, string>;
  emails: Record<Actor, string>;
  events: ModelEvent[];
  names: Partial<Record<Actor, string>>;
  tag: string;
}

export interface PickedOp {
  kind: string;
  args: Record<string, unknown>;
  apply(model: Model, prepared: Record<string, unknown>): void;
}

export function emptyModel(userIds: Record<Actor, string>, emails: Record<Actor, string>): Model {
  return { userIds, emails, events: [], names: {}, tag: crypto.randomUUID().slice(0, 8) };
}

const MAX_EVENTS_PER_USER = 8;

/** Turns three random numbers into a valid mutation for `actor`, or null when none fits. */
export function pickOp(model: Model, actor: Actor, op: number, extra: number, step: number): PickedOp | null {
  const own = model.events.filter((e) => e.creator === actor && e.status === 'active');
  const event = own.length ? own[extra % own.length] : null;
  const others = ACTORS.filter((a) => a !== actor);
  switch (op % 10) {
    case 0:
      if (model.events.filter((e) => e.creator === actor).length >= MAX_EVENTS_PER_USER) return null;
      return {
        kind: 'event.create',
        args: { name: `event ${step}`, location: extra % 2 ? `site ${extra}` : null },
        apply: (m, p) =>
          m.events.push({
            localId: String(p.id),
            clientRef: String(p.clientRef),
            creator: actor,
            name: `event ${step}`,
            location: extra % 2 ? `site ${extra}` : null,
            status: 'active',
            members: new Map(),
            invitations: new Map(),
            invitationRows: 0,
          }),
      };
    case 1:
      if (!event) return null;
      return {
        kind: 'event.update',
        args: { id: event.localId, changes: { name: `renamed ${step}` } },
        apply: () => void (event.name = `renamed ${step}`),
      };
    case 2:
      if (!event) return null;
      return {
        kind: 'event.update',
        args: { id: event.localId, changes: { location: `moved ${step}` } },
        apply: () => void (event.location = `moved ${step}`),
      };
    case 3: {
      const candidates = event ? others.filter((o) => !event.members.has(o)) : [];
      if (!event || !candidates.length) return null;
      const who = candidates[extra % candidates.length];
      return {
        kind: 'member.add',
        args: { eventId: event.localId, userId: model.userIds[who] },
        apply: () => void event.members.set(who, 'member'),
      };
    }
    case 4: {
      const members = event ? [...event.members.keys()] : [];
      if (!event || !members.length) return null;
      const who = members[extra % members.length];
      return {
        kind: 'member.remove',
        args: { eventId: event.localId, userId: model.userIds[who] },
        apply: () => void event.members.delete(who),
      };
    }
    case 5: {
      const members = event ? [...event.members.keys()] : [];
      if (!event || !members.length) return null;
      const who = members[extra % members.length];
      const role = event.members.get(who) === 'admin' ? 'member' : 'admin';
      return {
        kind: 'member.set-role',
        args: { eventId: event.localId, userId: model.userIds[who], role },
        apply: () => void event.members.set(who, role),
      };
    }
    case 6:
      if (!event || step % 3 !== 0) return null; // deletions rarer than the rest
      return { kind: 'event.soft-delete', args: { id: event.localId }, apply: () => void (event.status = 'deleted') };
    case 7:
      return {
        kind: 'profile.update',
        args: { changes: { name: `${actor} name ${step}` } },
        apply: (m) => void (m.names[actor] = `${actor} name ${step}`),
      };
    case 8: {
      if (!event) return null;
      const email = `guest-${extra % 3}.${model.tag}@example.com`;
      return {
        kind: 'invitation.send',
        args: { eventId: event.localId, email },
        apply: (_m, p) => {
          if (event.invitations.has(email)) return;
          event.invitations.set(email, String(p.id));
          event.invitationRows++;
        },
      };
    }
    default: {
      const pending = event ? [...event.invitations.entries()] : [];
      if (!event || !pending.length) return null;
      const [email, id] = pending[extra % pending.length];
      return { kind: 'invitation.cancel', args: { id }, apply: () => void event.invitations.delete(email) };
    }
  }
}

export function applyOp(model: Model, op: PickedOp, prepared: unknown): void {
  op.apply(model, prepared as Record<string, unknown>);
}
