/**
 * A queued or refused change in words, as the sync panel lists it: what the user did and to what
 * ('Create event "Lake trip"', 'Invite ana@example.com to "Lake trip"'). Event names come from the
 * change itself or, for changes that only carry an id, from the device (`eventName`).
 */
export interface ChangeLike {
  kind: string;
  args: unknown;
}

type Args = Record<string, unknown>;

function text(args: Args, key: string): string | null {
  const value = args[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

const quoted = (name: string) => `"${name}"`;

export function describeChange(change: ChangeLike, eventName: (id: string) => string | undefined = () => undefined) {
  const args: Args = change.args && typeof change.args === 'object' ? (change.args as Args) : {};
  const changes: Args = args.changes && typeof args.changes === 'object' ? (args.changes as Args) : {};
  const eventId = text(args, 'eventId') ?? text(args, 'id');
  const named = text(changes, 'name') ?? text(args, 'name') ?? (eventId ? eventName(eventId) : undefined) ?? null;
  const event = named ? `event ${quoted(named)}` : 'an event';
  // Member and invitation changes name the event they belong to, when the device knows it.
  const parentId = text(args, 'eventId');
  const parentName = parentId ? eventName(parentId) : undefined;
  const to = parentName ? ` to ${quoted(parentName)}` : '';
  const of = parentName ? ` of ${quoted(parentName)}` : '';
  const who = text(args, 'name') ?? text(args, 'email') ?? 'a member';

  switch (change.kind) {
    case 'event.create':
      return `Create ${event}`;
    case 'event.update':
      return `Edit ${event}`;
    case 'event.soft-delete':
      return `Delete ${event}`;
    case 'event.restore':
      return `Restore ${event}`;
    case 'event.delete':
      return `Delete ${event} for good`;
    case 'event.leave':
      return `Leave ${event}`;
    case 'event.join':
      return `Join ${event}`;
    case 'member.add':
      return `Add ${who}${to}`;
    case 'member.remove':
      return `Remove a member${of}`;
    case 'member.set-role':
      return `Change a member's role${of}`;
    case 'invitation.send':
      return `Invite ${text(args, 'email') ?? 'someone'}${to}`;
    case 'invitation.cancel':
      return `Cancel the invitation${text(args, 'email') ? ` of ${text(args, 'email')}` : ''}`;
    case 'invitation.respond':
      return args.status === 'accepted' ? 'Accept an invitation' : 'Decline an invitation';
    case 'profile.update':
      return 'Update your profile';
    case 'profile.upload-avatar':
      return 'Upload a new avatar';
    case 'friend.request':
      return `Send a friend request${text(args, 'email') ? ` to ${text(args, 'email')}` : ''}`;
    case 'friend.respond':
      return args.status === 'accepted' ? 'Accept a friend request' : 'Decline a friend request';
    case 'friend.remove':
      return 'Remove a friend';
    case 'ride.create':
      return `Offer a ride${text(args, 'departure_place') ? ` from ${text(args, 'departure_place')}` : ''}${to}`;
    case 'ride.update':
      return changes.cost_split ? 'Split the costs of a ride' : 'Change a ride';
    case 'ride.cancel':
      return 'Cancel a ride';
    case 'ride.claim':
      return `Take a seat in a ride${to}`;
    case 'expense.create':
      return `Add an expense${text(args, 'title') ? ` ${quoted(text(args, 'title')!)}` : ''}${to}`;
    case 'expense.update':
      return 'Change an expense';
    case 'expense.delete':
      return 'Delete an expense';
    case 'expense.attach-receipt':
      return 'Add a receipt photo to an expense';
    case 'settlement.record':
      return `Record a payment${to}`;
    case 'settlement.undo':
      return 'Undo a payment';
    case 'site-plan.set-size':
      return `Resize the site plan${of}`;
    case 'site-item.place':
      return `Place a ${text(args, 'kind') ?? 'thing'} on the site plan${of}`;
    case 'site-item.move':
      return 'Move an item on the site plan';
    case 'site-item.change':
      return 'Change an item on the site plan';
    case 'site-item.remove':
      return 'Remove an item from the site plan';
    case 'ride.release':
      return `Give up a seat in a ride${to}`;
    case 'ride.pickup':
      return `Choose where you get on a ride${to}`;
    default:
      return 'A change';
  }
}
