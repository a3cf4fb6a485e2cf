/**
 * What a pull reads, per server table: the select (with the embedded profile fields the lists
 * show), the keyset tie-breaker column, and how a server row becomes a device row, or a
 * tombstone (null) when the row is soft-deleted. Friends and friend requests are small per-user
 * lists whose rows need both parties' profiles; they are pulled as whole snapshots through their
 * procedures.
 */
import type { MirrorTable, NotificationSettings, RideCostSplit, RideStop, RowOf } from '../db/row-schemas.ts';
import { assigneeKey, memberKey, passengerKey, reactionKey } from '../db/row-schemas.ts';

type Json = Record<string, unknown>;

export interface DeltaSource<T extends MirrorTable = MirrorTable> {
  table: T;
  remote: string;
  select: string;
  tieBreaker: string;
  /**
   * The column naming the event a row belongs to, for tables whose rows are visible to the
   * event's members: the visibility reconcile purges them when the user leaves the event and reads
   * them whole when the user joins one.
   */
  eventColumn?: string;
  toRow(row: Json, userId: string): { key: string; row: RowOf[T] | null };
}

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : v === null || v === undefined ? null : String(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : String(v ?? ''));
const one = (v: unknown): Json | null => (Array.isArray(v) ? ((v[0] as Json) ?? null) : ((v as Json | null) ?? null));

export const eventsSource: DeltaSource<'events'> = {
  table: 'events',
  remote: 'events',
  select:
    'id,name,description,location,start_date,end_date,access_tier,status,created_by,client_ref,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  toRow: (r) => ({ key: str(r.id), row: eventFromServer(r) }),
};

export function eventFromServer(r: Json): RowOf['events'] {
  return {
    key: str(r.id),
    id: str(r.id),
    name: str(r.name),
    description: text(r.description),
    location: text(r.location),
    start_date: text(r.start_date),
    end_date: text(r.end_date),
    access_tier: r.access_tier as RowOf['events']['access_tier'],
    status: r.status as RowOf['events']['status'],
    created_by: str(r.created_by),
    client_ref: text(r.client_ref),
    created_at: str(r.created_at),
    updated_at: str(r.updated_at),
    deleted_at: text(r.deleted_at),
  };
}

export const membersSource: DeltaSource<'members'> = {
  table: 'members',
  remote: 'event_members',
  select: 'id,event_id,user_id,role,created_at,updated_at,deleted_at,profile:profiles(name,avatar,email)',
  tieBreaker: 'id',
  toRow: (r) => {
    const key = memberKey(str(r.event_id), str(r.user_id));
    if (r.deleted_at) return { key, row: null };
    const profile = one(r.profile);
    return {
      key,
      row: {
        key,
        id: text(r.id),
        event_id: str(r.event_id),
        user_id: str(r.user_id),
        role: r.role as RowOf['members']['role'],
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
        name: text(profile?.name),
        avatar: text(profile?.avatar),
        email: text(profile?.email),
      },
    };
  },
};

export const invitationsSource: DeltaSource<'invitations'> = {
  table: 'invitations',
  remote: 'event_invitations',
  select:
    'id,event_id,sender_id,recipient_id,recipient_email,message,status,response_message,responded_at,created_at,updated_at,deleted_at,' +
    'event:events(name),sender:profiles!event_invitations_sender_id_fkey(name),recipient:profiles!event_invitations_recipient_id_fkey(name,avatar)',
  tieBreaker: 'id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    const event = one(r.event);
    const sender = one(r.sender);
    const recipient = one(r.recipient);
    return {
      key,
      row: {
        key,
        id: key,
        event_id: str(r.event_id),
        event_name: text(event?.name ?? r.event_name),
        sender_id: text(r.sender_id),
        sender_name: text(sender?.name ?? r.sender_name),
        recipient_id: text(r.recipient_id),
        recipient_name: text(recipient?.name ?? r.recipient_name),
        recipient_email: str(r.recipient_email),
        recipient_avatar: text(recipient?.avatar ?? r.recipient_avatar),
        message: text(r.message),
        status: r.status as RowOf['invitations']['status'],
        response_message: text(r.response_message),
        responded_at: text(r.responded_at),
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
      },
    };
  },
};

export const profilesSource: DeltaSource<'profiles'> = {
  table: 'profiles',
  remote: 'profiles',
  // Other people's address fields are not readable (column grants); the user's own whole profile
  // comes from get_my_profile() after the delta.
  select: 'id,name,email,avatar,first_name,last_name,role,subscription_tier,created_at,updated_at',
  tieBreaker: 'id',
  toRow: (r) => ({ key: str(r.id), row: profileFromServer(r) }),
};

export function profileFromServer(r: Json): RowOf['profiles'] {
  return {
    key: str(r.id),
    id: str(r.id),
    name: text(r.name),
    email: text(r.email),
    avatar: text(r.avatar),
    first_name: text(r.first_name),
    last_name: text(r.last_name),
    country: text(r.country),
    postal_code: text(r.postal_code),
    street_address: text(r.street_address),
    street_number: text(r.street_number),
    notification_settings: notificationSettingsFrom(r.notification_settings),
    role: r.role as RowOf['profiles']['role'],
    subscription_tier: r.subscription_tier as RowOf['profiles']['subscription_tier'],
    created_at: str(r.created_at),
    updated_at: str(r.updated_at),
  };
}

/** The known boolean choices of a server `notification_settings` value; null when not read. */
export function notificationSettingsFrom(v: unknown): NotificationSettings | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const out: NotificationSettings = {};
  for (const field of ['invitations', 'event_updates', 'chat_messages'] as const) {
    const value = (v as Json)[field];
    if (typeof value === 'boolean') out[field] = value;
  }
  return out;
}

export const settingsSource: DeltaSource<'settings'> = {
  table: 'settings',
  remote: 'app_settings',
  select: 'key,value,updated_at',
  tieBreaker: 'key',
  toRow: (r) => ({ key: str(r.key), row: { key: str(r.key), value: r.value, updated_at: str(r.updated_at) } }),
};

export const subscriptionsSource: DeltaSource<'subscriptions'> = {
  table: 'subscriptions',
  remote: 'stripe_subscriptions',
  select:
    'id,user_id,tier,status,current_period_start,current_period_end,cancel_at_period_end,payment_method_brand,payment_method_last4,updated_at',
  tieBreaker: 'id',
  toRow: (r) => ({
    key: str(r.user_id),
    row: {
      key: str(r.user_id),
      id: str(r.id),
      user_id: str(r.user_id),
      tier: r.tier as RowOf['subscriptions']['tier'],
      status: str(r.status),
      current_period_start: text(r.current_period_start),
      current_period_end: text(r.current_period_end),
      cancel_at_period_end: Boolean(r.cancel_at_period_end),
      payment_method_brand: text(r.payment_method_brand),
      payment_method_last4: text(r.payment_method_last4),
      updated_at: str(r.updated_at),
    },
  }),
};

// Event pages (issue 7) ----------------------------------------------------------------------------
// Soft-deleted rows come as tombstones (null): the device drops them.

export const chatMessagesSource: DeltaSource<'chatMessages'> = {
  table: 'chatMessages',
  remote: 'chat_messages',
  select:
    'id,event_id,author_id,body,reply_to_id,imported,original_sender_name,created_at,edited_at,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    return { key, row: chatMessageFromServer(r) };
  },
};

/**
 * An instant as `toISOString()` writes it: the device sorts messages by created_at as text (the
 * [event_id+created_at] index), and its own pending messages carry that form.
 */
export function isoInstant(v: unknown): string {
  const value = str(v);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

export function chatMessageFromServer(r: Json): RowOf['chatMessages'] {
  return {
    key: str(r.id),
    id: str(r.id),
    event_id: str(r.event_id),
    author_id: text(r.author_id),
    body: str(r.body),
    reply_to_id: text(r.reply_to_id),
    imported: Boolean(r.imported),
    original_sender_name: text(r.original_sender_name),
    created_at: isoInstant(r.created_at),
    edited_at: text(r.edited_at),
    updated_at: str(r.updated_at),
  };
}

export const chatReactionsSource: DeltaSource<'chatReactions'> = {
  table: 'chatReactions',
  remote: 'chat_reactions',
  select: 'id,message_id,event_id,user_id,emoji,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = reactionKey(str(r.message_id), str(r.user_id), str(r.emoji));
    if (r.deleted_at) return { key, row: null };
    return {
      key,
      row: {
        key,
        message_id: str(r.message_id),
        event_id: str(r.event_id),
        user_id: str(r.user_id),
        emoji: str(r.emoji),
        updated_at: str(r.updated_at),
      },
    };
  },
};

export const chatReadMarkersSource: DeltaSource<'chatReadMarkers'> = {
  table: 'chatReadMarkers',
  remote: 'chat_read_markers',
  select: 'id,event_id,last_read_at,last_read_message_id,updated_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => ({
    key: str(r.event_id),
    row: {
      key: str(r.event_id),
      event_id: str(r.event_id),
      last_read_at: str(r.last_read_at),
      last_read_message_id: text(r.last_read_message_id),
      updated_at: str(r.updated_at),
    },
  }),
};

export const checklistsSource: DeltaSource<'checklists'> = {
  table: 'checklists',
  remote: 'checklists',
  select: 'id,event_id,title,kind,position,created_by,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    return { key, row: checklistFromServer(r) };
  },
};

export function checklistFromServer(r: Json): RowOf['checklists'] {
  return {
    key: str(r.id),
    id: str(r.id),
    event_id: str(r.event_id),
    title: str(r.title),
    kind: r.kind as RowOf['checklists']['kind'],
    position: str(r.position),
    created_by: text(r.created_by),
    created_at: str(r.created_at),
    updated_at: str(r.updated_at),
  };
}

export const checklistItemsSource: DeltaSource<'checklistItems'> = {
  table: 'checklistItems',
  remote: 'checklist_items',
  select:
    'id,checklist_id,event_id,text,quantity,assignee_id,due_date,done,done_by,done_at,position,created_by,updated_by,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    return {
      key,
      row: {
        key,
        id: key,
        checklist_id: str(r.checklist_id),
        event_id: str(r.event_id),
        text: str(r.text),
        quantity: Number(r.quantity ?? 1),
        assignee_id: text(r.assignee_id),
        due_date: text(r.due_date),
        done: Boolean(r.done),
        done_by: text(r.done_by),
        done_at: text(r.done_at),
        position: str(r.position),
        created_by: text(r.created_by),
        updated_by: text(r.updated_by),
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
      },
    };
  },
};

export const checklistTemplatesSource: DeltaSource<'checklistTemplates'> = {
  table: 'checklistTemplates',
  remote: 'checklist_templates',
  select: 'id,title,kind,items,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    const items = Array.isArray(r.items) ? (r.items as Json[]) : [];
    return {
      key,
      row: {
        key,
        id: key,
        title: str(r.title),
        kind: r.kind as RowOf['checklistTemplates']['kind'],
        items: items.map((i) => ({ text: str(i.text), quantity: Number(i.quantity ?? 1) })),
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
      },
    };
  },
};

export const scheduleItemsSource: DeltaSource<'scheduleItems'> = {
  table: 'scheduleItems',
  remote: 'schedule_items',
  select: 'id,event_id,title,starts_at,ends_at,location,notes,created_by,updated_by,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    return {
      key,
      row: {
        key,
        id: key,
        event_id: str(r.event_id),
        title: str(r.title),
        starts_at: wallClock(r.starts_at),
        ends_at: wallClock(r.ends_at),
        location: text(r.location),
        notes: text(r.notes),
        created_by: text(r.created_by),
        updated_by: text(r.updated_by),
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
      },
    };
  },
};

/** A `timestamp without time zone` as `YYYY-MM-DDTHH:mm:ss` (the device compares them as text). */
export function wallClock(v: unknown): string {
  const value = str(v).replace(' ', 'T');
  return value.length === 16 ? `${value}:00` : value.slice(0, 19);
}

export const scheduleAssigneesSource: DeltaSource<'scheduleAssignees'> = {
  table: 'scheduleAssignees',
  remote: 'schedule_item_assignees',
  select: 'id,item_id,event_id,user_id,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = assigneeKey(str(r.item_id), str(r.user_id));
    if (r.deleted_at) return { key, row: null };
    return {
      key,
      row: {
        key,
        item_id: str(r.item_id),
        event_id: str(r.event_id),
        user_id: str(r.user_id),
        updated_at: str(r.updated_at),
      },
    };
  },
};

export const ridesSource: DeltaSource<'rides'> = {
  table: 'rides',
  remote: 'rides',
  select:
    'id,event_id,driver_id,vehicle,seats,departure_place,departs_at,notes,direction,stops,cost_split,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    return {
      key,
      row: {
        key,
        id: key,
        event_id: str(r.event_id),
        driver_id: str(r.driver_id),
        vehicle: text(r.vehicle),
        seats: Number(r.seats),
        departure_place: str(r.departure_place),
        departs_at: wallClock(r.departs_at),
        notes: text(r.notes),
        direction: r.direction === 'return' ? 'return' : 'outbound',
        stops: rideStops(r.stops),
        cost_split: rideCostSplit(r.cost_split),
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
      },
    };
  },
};

/** The stops of a ride as the server has them (a jsonb array), in their order. */
function rideStops(v: unknown): RideStop[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((s): s is Json => Boolean(s) && typeof s === 'object')
    .map((s) => ({ id: str(s.id), place: str(s.place), time: text(s.time) }));
}

function rideCostSplit(v: unknown): RideCostSplit | null {
  if (!v || typeof v !== 'object') return null;
  const split = v as Json;
  return {
    expense_id: str(split.expense_id),
    fuel_minor: Number(split.fuel_minor),
    toll_minor: Number(split.toll_minor),
  };
}

export const ridePassengersSource: DeltaSource<'ridePassengers'> = {
  table: 'ridePassengers',
  remote: 'ride_passengers',
  select: 'id,ride_id,event_id,user_id,pickup_stop_id,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = passengerKey(str(r.ride_id), str(r.user_id));
    if (r.deleted_at) return { key, row: null };
    return {
      key,
      row: {
        key,
        ride_id: str(r.ride_id),
        event_id: str(r.event_id),
        user_id: str(r.user_id),
        pickup_stop_id: text(r.pickup_stop_id),
        updated_at: str(r.updated_at),
      },
    };
  },
};

/** An expense's `field_edits` ({group: {at, by}}) as stored on the device. */
function fieldEdits(v: unknown): Record<string, { at: string; by: string | null }> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(
    Object.entries(v as Record<string, Json>).map(([group, e]) => [group, { at: str(e?.at), by: text(e?.by) }]),
  );
}

export const expensesSource: DeltaSource<'expenses'> = {
  table: 'expenses',
  remote: 'expenses',
  select:
    'id,event_id,title,amount_minor,currency,rate_e6,amount_event_minor,spent_on,paid_by,payers,category,shares,receipt_path,field_edits,replaced,created_by,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    const shares = Array.isArray(r.shares) ? (r.shares as Json[]) : [];
    return {
      key,
      row: {
        key,
        id: key,
        event_id: str(r.event_id),
        title: str(r.title),
        amount_minor: Number(r.amount_minor),
        currency: str(r.currency),
        rate_e6: Number(r.rate_e6 ?? 1_000_000),
        amount_event_minor: Number(r.amount_event_minor ?? r.amount_minor),
        spent_on: str(r.spent_on),
        paid_by: str(r.paid_by),
        payers: (Array.isArray(r.payers) ? (r.payers as Json[]) : []).map((p) => ({
          user_id: str(p.user_id),
          paid_minor: Number(p.paid_minor),
        })),
        category: str(r.category),
        shares: shares.map((s) => ({ user_id: str(s.user_id), share_minor: Number(s.share_minor) })),
        receipt_path: text(r.receipt_path),
        field_edits: fieldEdits(r.field_edits),
        replaced: (Array.isArray(r.replaced) ? (r.replaced as Json[]) : []).map((e) => ({
          group: str(e.group),
          value: (e.value && typeof e.value === 'object' ? e.value : {}) as Record<string, unknown>,
          by: text(e.by),
          at: str(e.at),
          replaced_by: text(e.replaced_by),
          replaced_at: str(e.replaced_at),
        })),
        created_by: text(r.created_by),
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
      },
    };
  },
};

export const settlementsSource: DeltaSource<'settlements'> = {
  table: 'settlements',
  remote: 'settlements',
  select:
    'id,event_id,from_user,to_user,amount_minor,currency,paid_currency,paid_amount_minor,paid_rate_e6,created_by,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    return {
      key,
      row: {
        key,
        id: key,
        event_id: str(r.event_id),
        from_user: str(r.from_user),
        to_user: str(r.to_user),
        amount_minor: Number(r.amount_minor),
        currency: str(r.currency),
        paid_currency: text(r.paid_currency),
        paid_amount_minor: r.paid_amount_minor == null ? null : Number(r.paid_amount_minor),
        paid_rate_e6: r.paid_rate_e6 == null ? null : Number(r.paid_rate_e6),
        created_by: text(r.created_by),
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
      },
    };
  },
};

export const sitePlansSource: DeltaSource<'sitePlans'> = {
  table: 'sitePlans',
  remote: 'site_plans',
  select: 'event_id,width_m,height_m,updated_at',
  tieBreaker: 'event_id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.event_id);
    return {
      key,
      row: {
        key,
        event_id: key,
        width_m: Number(r.width_m),
        height_m: Number(r.height_m),
        updated_at: str(r.updated_at),
      },
    };
  },
};

export const siteItemsSource: DeltaSource<'siteItems'> = {
  table: 'siteItems',
  remote: 'site_items',
  select:
    'id,event_id,kind,label,x_m,y_m,width_m,height_m,rotation,assignee_id,layer,points,moved_at,created_by,created_at,updated_at,deleted_at',
  tieBreaker: 'id',
  eventColumn: 'event_id',
  toRow: (r) => {
    const key = str(r.id);
    if (r.deleted_at) return { key, row: null };
    return {
      key,
      row: {
        key,
        id: key,
        event_id: str(r.event_id),
        kind: str(r.kind),
        label: text(r.label),
        x_m: Number(r.x_m),
        y_m: Number(r.y_m),
        width_m: Number(r.width_m),
        height_m: Number(r.height_m),
        rotation: Number(r.rotation),
        assignee_id: text(r.assignee_id),
        layer: text(r.layer),
        points: Array.isArray(r.points)
          ? (r.points as { x: unknown; y: unknown }[]).map((p) => ({ x: Number(p.x), y: Number(p.y) }))
          : null,
        moved_at: str(r.moved_at),
        created_by: text(r.created_by),
        created_at: str(r.created_at),
        updated_at: str(r.updated_at),
      },
    };
  },
};

/** The event pages' sources, in pull order (lists before items, messages before reactions). */
export const eventPageSources: DeltaSource[] = [
  chatMessagesSource,
  chatReactionsSource,
  chatReadMarkersSource,
  checklistsSource,
  checklistItemsSource,
  checklistTemplatesSource,
  scheduleItemsSource,
  scheduleAssigneesSource,
  ridesSource,
  ridePassengersSource,
  expensesSource,
  settlementsSource,
  sitePlansSource,
  siteItemsSource,
] as DeltaSource[];

/** Pull order: profiles first (members show their names), events before what hangs on them. */
export const deltaSources: DeltaSource[] = [
  profilesSource,
  settingsSource,
  subscriptionsSource,
  eventsSource,
  membersSource,
  invitationsSource,
  ...eventPageSources,
] as DeltaSource[];

export function friendFromServer(r: Json): RowOf['friends'] {
  return {
    key: str(r.id),
    id: str(r.id),
    friendship_id: text(r.friendship_id),
    name: text(r.name),
    email: text(r.email),
    avatar: text(r.avatar),
    created_at: str(r.created_at),
  };
}

export function friendRequestFromServer(r: Json, direction: 'incoming' | 'outgoing'): RowOf['friendRequests'] {
  return {
    key: str(r.id),
    id: str(r.id),
    direction,
    sender_id: text(r.sender_id),
    sender_name: text(r.sender_name),
    sender_email: text(r.sender_email),
    sender_avatar: text(r.sender_avatar),
    recipient_id: text(r.recipient_id),
    recipient_name: text(r.recipient_name),
    recipient_email: text(r.recipient_email),
    recipient_avatar: text(r.recipient_avatar),
    message: text(r.message),
    status: r.status as RowOf['friendRequests']['status'],
    response_message: text(r.response_message),
    responded_at: text(r.responded_at),
    created_at: str(r.created_at),
  };
}
