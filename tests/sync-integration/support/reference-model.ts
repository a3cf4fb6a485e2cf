/**
 * The reference model of the property test: what the server must hold after a sequence of
 * mutations, computed without any of the engine's code. Each user changes only their own events,
 * profile and rows (in the shared event too, where every actor touches only what they made), so the
 * order in which different users' changes reach the server does not matter, and each user's own
 * changes reach it in the order they were made (one outbox per user).
 */
export type Actor = 'A' | 'B' | 'C';
export const ACTORS: Actor[] = ['A', 'B', 'C'];

/** The tables whose rows the event-page kinds make (counted: each acknowledged create is one row). */
export type RowTable =
  | 'chat_messages'
  | 'checklists'
  | 'checklist_items'
  | 'checklist_templates'
  | 'schedule_items'
  | 'rides'
  | 'expenses'
  | 'settlements'
  | 'site_items';

/** A row made by an actor's create (or by the setup). `alive` is false once deleted (soft). */
export interface ModelRow {
  table: RowTable;
  id: string;
  owner: Actor | 'setup';
  /** The model event it belongs to (null for templates, which belong to their owner). */
  event: ModelEvent | null;
  /** For checklist items: the list's id. */
  parent?: string;
  alive: boolean;
  /** Kind-specific state the generators need (a ride's stops, a schedule item's assignees...). */
  state: Record<string, unknown>;
}

export interface ModelEvent {
  /** The id the device used (a temporary one for events created in the run). */
  localId: string;
  /** Events created in the run are found on the server by client_ref; the setup's by id. */
  clientRef: string | null;
  creator: Actor | 'setup';
  name: string;
  location: string | null;
  status: 'active' | 'deleted';
  members: Map<Actor, 'admin' | 'member'>;
  /** Pending invitations: address -> id of the row that exists on the server. */
  invitations: Map<string, string>;
  /** Invitation rows ever made for the event (cancelled ones stay, soft-deleted). */
  invitationRows: number;
  /** Whether a site plan size was set. */
  planSized: boolean;
  /** The event's notes (every event has them, empty at first). */
  notes: string;
}

export interface Model {
  userIds: Record<Actor, string>;
  emails: Record<Actor, string>;
  events: ModelEvent[];
  /** The events of the setup's user (shared: actors join, leave and write in them). */
  shared: ModelEvent[];
  rows: ModelRow[];
  names: Partial<Record<Actor, string>>;
  /** Friend requests each actor received in the setup and has not answered yet (id -> sender id). */
  incomingFriendRequests: Record<Actor, Map<string, string>>;
  /** Friends each actor has (user ids) and whether the actor asked the setup's user yet. */
  friends: Record<Actor, Set<string>>;
  askedFriend: Record<Actor, boolean>;
  /** Invitations the setup sent to each actor and not answered yet (id -> event). */
  incomingInvitations: Record<Actor, Map<string, ModelEvent>>;
  /** Chat messages a WhatsApp import made, per event (made by the server from the batch). */
  imported: Map<ModelEvent, number>;
  avatars: Set<Actor>;
  tag: string;
}

export function emptyModel(userIds: Record<Actor, string>, emails: Record<Actor, string>): Model {
  const perActor = <T>(make: () => T) => ({ A: make(), B: make(), C: make() });
  return {
    userIds,
    emails,
    events: [],
    shared: [],
    rows: [],
    names: {},
    incomingFriendRequests: perActor(() => new Map()),
    friends: perActor(() => new Set()),
    askedFriend: { A: false, B: false, C: false },
    incomingInvitations: perActor(() => new Map()),
    imported: new Map(),
    avatars: new Set(),
    tag: crypto.randomUUID().slice(0, 8),
  };
}

export function newModelEvent(
  fields: Partial<ModelEvent> & Pick<ModelEvent, 'localId' | 'creator' | 'name'>,
): ModelEvent {
  return {
    clientRef: null,
    location: null,
    status: 'active',
    members: new Map(),
    invitations: new Map(),
    invitationRows: 0,
    planSized: false,
    notes: '',
    ...fields,
  };
}

/** The events where `actor` may write event-page rows: their own active ones and shared ones they belong to. */
export function writableEvents(model: Model, actor: Actor): ModelEvent[] {
  return [
    ...model.events.filter((e) => e.creator === actor && e.status === 'active'),
    ...model.shared.filter((e) => e.members.has(actor)),
  ];
}

/** Rows of `table` that `actor` made and that still live in an event the actor may write in. */
export function ownRows(model: Model, actor: Actor, table: RowTable): ModelRow[] {
  const writable = new Set(writableEvents(model, actor));
  return model.rows.filter(
    (r) => r.table === table && r.owner === actor && r.alive && (r.event === null || writable.has(r.event)),
  );
}

export function addRow(model: Model, row: Omit<ModelRow, 'alive' | 'state'> & { state?: Record<string, unknown> }) {
  const made: ModelRow = { alive: true, state: {}, ...row };
  model.rows.push(made);
  return made;
}

/** The i-th element of a list chosen by a random number, or null for an empty list. */
export function choose<T>(list: T[], n: number): T | null {
  return list.length ? list[n % list.length] : null;
}
