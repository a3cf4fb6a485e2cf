/**
 * The shapes of the rows the device keeps: mirrors of what the server lets this user see, each
 * with a string primary key `key`. Rows read back from IndexedDB are parsed with these schemas
 * (an old or damaged row never reaches the UI as a typed value); the same schemas type the rows
 * the sync engine writes.
 */
import { z } from 'zod';

const nullableText = z.string().nullable();
const timestamp = z.string();

export const eventRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  name: z.string(),
  description: nullableText,
  location: nullableText,
  start_date: nullableText,
  end_date: nullableText,
  access_tier: z.enum(['free', 'starter', 'organizer']),
  status: z.enum(['active', 'past', 'deleted']),
  created_by: z.string(),
  client_ref: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: nullableText,
});
export type EventRow = z.infer<typeof eventRowSchema>;

/** One member of one event, with what the member list shows of their profile. Key: `{event_id}|{user_id}`. */
export const memberRowSchema = z.object({
  key: z.string(),
  id: nullableText,
  event_id: z.string(),
  user_id: z.string(),
  role: z.enum(['creator', 'admin', 'member']),
  created_at: timestamp,
  updated_at: timestamp,
  name: nullableText,
  avatar: nullableText,
  email: nullableText,
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const invitationRowSchema = z.object({
  key: z.string(),
  id: nullableText,
  event_id: z.string(),
  event_name: nullableText,
  sender_id: nullableText,
  sender_name: nullableText,
  recipient_id: nullableText,
  recipient_name: nullableText,
  recipient_email: z.string(),
  recipient_avatar: nullableText,
  message: nullableText,
  status: z.enum(['pending', 'accepted', 'declined']),
  response_message: nullableText,
  responded_at: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
});
export type InvitationRow = z.infer<typeof invitationRowSchema>;

/**
 * The user's notification choices (`profiles.notification_settings`, readable by its owner only).
 * The server's default is `{}`: a missing choice reads as on.
 */
export const notificationSettingsSchema = z.object({
  invitations: z.boolean().optional(),
  event_updates: z.boolean().optional(),
  chat_messages: z.boolean().optional(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const profileRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  name: nullableText,
  email: nullableText,
  avatar: nullableText,
  first_name: nullableText,
  last_name: nullableText,
  country: nullableText,
  postal_code: nullableText,
  street_address: nullableText,
  street_number: nullableText,
  /** Null for other people's profiles (not readable) and rows stored before version 2. */
  notification_settings: notificationSettingsSchema.nullable(),
  role: z.enum(['user', 'admin']),
  subscription_tier: z.enum(['free', 'starter', 'organizer']),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

export const settingRowSchema = z.object({
  key: z.string(),
  value: z.unknown(),
  updated_at: timestamp,
});
export type SettingRow = z.infer<typeof settingRowSchema>;

export const subscriptionRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  user_id: z.string(),
  tier: z.enum(['free', 'pro', 'premium']),
  status: z.string(),
  current_period_start: nullableText,
  current_period_end: nullableText,
  cancel_at_period_end: z.boolean(),
  payment_method_brand: nullableText,
  payment_method_last4: nullableText,
  updated_at: timestamp,
});
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;

/** A friend of this user. Key: the friend's user id. */
export const friendRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  friendship_id: nullableText,
  name: nullableText,
  email: nullableText,
  avatar: nullableText,
  created_at: timestamp,
});
export type FriendRow = z.infer<typeof friendRowSchema>;

export const friendRequestRowSchema = z.object({
  key: z.string(),
  id: nullableText,
  direction: z.enum(['incoming', 'outgoing']),
  sender_id: nullableText,
  sender_name: nullableText,
  sender_email: nullableText,
  sender_avatar: nullableText,
  recipient_id: nullableText,
  recipient_name: nullableText,
  recipient_email: nullableText,
  recipient_avatar: nullableText,
  message: nullableText,
  status: z.enum(['pending', 'accepted', 'rejected']),
  response_message: nullableText,
  responded_at: nullableText,
  created_at: timestamp,
});
export type FriendRequestRow = z.infer<typeof friendRequestRowSchema>;

/** A chat message (key: its id). Imported ones carry the original sender and time (created_at). */
export const chatMessageRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  event_id: z.string(),
  author_id: nullableText,
  body: z.string(),
  reply_to_id: nullableText,
  imported: z.boolean(),
  original_sender_name: nullableText,
  created_at: timestamp,
  edited_at: nullableText,
  updated_at: timestamp,
});
export type ChatMessageRow = z.infer<typeof chatMessageRowSchema>;

/** One member's reaction. Key: `{message_id}|{user_id}|{emoji}`. */
export const chatReactionRowSchema = z.object({
  key: z.string(),
  message_id: z.string(),
  event_id: z.string(),
  user_id: z.string(),
  emoji: z.string(),
  updated_at: timestamp,
});
export type ChatReactionRow = z.infer<typeof chatReactionRowSchema>;

/** How far this user has read an event's chat. Key: the event id. */
export const chatReadMarkerRowSchema = z.object({
  key: z.string(),
  event_id: z.string(),
  last_read_at: timestamp,
  last_read_message_id: nullableText,
  updated_at: timestamp,
});
export type ChatReadMarkerRow = z.infer<typeof chatReadMarkerRowSchema>;

export const checklistKindSchema = z.enum(['packing', 'shopping', 'todo']);
export type ChecklistKind = z.infer<typeof checklistKindSchema>;

export const checklistRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  event_id: z.string(),
  title: z.string(),
  kind: checklistKindSchema,
  position: z.string(),
  created_by: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ChecklistRow = z.infer<typeof checklistRowSchema>;

export const checklistItemRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  checklist_id: z.string(),
  event_id: z.string(),
  text: z.string(),
  quantity: z.number().int(),
  assignee_id: nullableText,
  due_date: nullableText,
  done: z.boolean(),
  done_by: nullableText,
  done_at: nullableText,
  position: z.string(),
  created_by: nullableText,
  updated_by: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ChecklistItemRow = z.infer<typeof checklistItemRowSchema>;

export const templateItemSchema = z.object({ text: z.string(), quantity: z.number().int() });

/** One of this user's checklist templates. */
export const checklistTemplateRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  title: z.string(),
  kind: checklistKindSchema,
  items: z.array(templateItemSchema),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ChecklistTemplateRow = z.infer<typeof checklistTemplateRowSchema>;

/** A schedule item; times are the wall-clock time at the event's place (`YYYY-MM-DDTHH:mm:ss`). */
export const scheduleItemRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  event_id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  location: nullableText,
  notes: nullableText,
  created_by: nullableText,
  updated_by: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ScheduleItemRow = z.infer<typeof scheduleItemRowSchema>;

/** Who takes care of a schedule item. Key: `{item_id}|{user_id}`. */
export const scheduleAssigneeRowSchema = z.object({
  key: z.string(),
  item_id: z.string(),
  event_id: z.string(),
  user_id: z.string(),
  updated_at: timestamp,
});
export type ScheduleAssigneeRow = z.infer<typeof scheduleAssigneeRowSchema>;

/** A pick-up point along a ride: its id (made by the device), the place and an optional 'HH:mm'. */
export const rideStopSchema = z.object({ id: z.string(), place: z.string(), time: z.string().nullable() });
export type RideStop = z.infer<typeof rideStopSchema>;

/** The expense a ride's fuel and toll were split into (premium transport). */
export const rideCostSplitSchema = z.object({
  expense_id: z.string(),
  fuel_minor: z.number().int(),
  toll_minor: z.number().int(),
});
export type RideCostSplit = z.infer<typeof rideCostSplitSchema>;

export const rideDirections = ['outbound', 'return'] as const;
export type RideDirection = (typeof rideDirections)[number];

/**
 * A ride to an event (`outbound`) or home from it (`return`); `departs_at` is the wall-clock time
 * at the place of departure. Rows stored before premium transport have no direction, stops or
 * split: they read as an outbound ride without any.
 */
export const rideRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  event_id: z.string(),
  driver_id: z.string(),
  vehicle: nullableText,
  seats: z.number().int(),
  departure_place: z.string(),
  departs_at: z.string(),
  notes: nullableText,
  direction: z.enum(rideDirections).default('outbound'),
  stops: z.array(rideStopSchema).default([]),
  cost_split: rideCostSplitSchema.nullable().default(null),
  created_at: timestamp,
  updated_at: timestamp,
});
export type RideRow = z.infer<typeof rideRowSchema>;

/** A seat taken in a ride, and the stop where its passenger gets on (null: the departure place). Key: `{ride_id}|{user_id}`. */
export const ridePassengerRowSchema = z.object({
  key: z.string(),
  ride_id: z.string(),
  event_id: z.string(),
  user_id: z.string(),
  pickup_stop_id: nullableText.default(null),
  updated_at: timestamp,
});
export type RidePassengerRow = z.infer<typeof ridePassengerRowSchema>;

/** A share of an expense: whom it was for and how many cents of it. */
export const expenseShareSchema = z.object({ user_id: z.string(), share_minor: z.number().int() });

/** One of several payers of an expense and how many cents (of the expense's currency) they paid. */
export const expensePayerSchema = z.object({ user_id: z.string(), paid_minor: z.number().int() });

/** When a field group of an expense was last changed, and by whom. */
export const fieldEditSchema = z.object({ at: z.string(), by: nullableText });

/** A change to an expense that a concurrent, later-made change replaced (kept for its author). */
export const replacedEditSchema = z.object({
  group: z.string(),
  value: z.record(z.string(), z.unknown()),
  by: nullableText,
  at: z.string(),
  replaced_by: nullableText,
  replaced_at: z.string(),
});
export type ReplacedEdit = z.infer<typeof replacedEditSchema>;

/**
 * An expense, in cents of `currency` at `rate_e6` (CHF per unit, times a million, fixed when it
 * was entered; `amount_event_minor` is the amount in CHF); `shares` is empty for a manual (not
 * split) expense, `payers` empty when `paid_by` paid it all. Rows stored before these columns
 * existed lack the optional fields: read them through `expenseMoney` in money.ts.
 */
export const expenseRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  event_id: z.string(),
  title: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  rate_e6: z.number().int().optional(),
  amount_event_minor: z.number().int().optional(),
  spent_on: z.string(),
  paid_by: z.string(),
  payers: z.array(expensePayerSchema).optional(),
  category: z.string(),
  shares: z.array(expenseShareSchema),
  receipt_path: nullableText.optional(),
  field_edits: z.record(z.string(), fieldEditSchema).optional(),
  replaced: z.array(replacedEditSchema).optional(),
  created_by: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ExpenseRow = z.infer<typeof expenseRowSchema>;

/** Money paid back from one member to another. */
export const settlementRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  event_id: z.string(),
  from_user: z.string(),
  to_user: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  /** Paid in another currency at a fixed rate (organizer); `amount_minor` is what it settled in CHF. */
  paid_currency: nullableText.optional(),
  paid_amount_minor: z.number().int().nullable().optional(),
  paid_rate_e6: z.number().int().nullable().optional(),
  created_by: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

/** The size of an event's site plan, in metres. Key: the event id. */
export const sitePlanRowSchema = z.object({
  key: z.string(),
  event_id: z.string(),
  width_m: z.number(),
  height_m: z.number(),
  updated_at: timestamp,
});
export type SitePlanRow = z.infer<typeof sitePlanRowSchema>;

/** An item on a site plan: its centre, size (metres) and rotation (degrees). */
export const siteItemRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  event_id: z.string(),
  kind: z.string(),
  label: nullableText,
  x_m: z.number(),
  y_m: z.number(),
  width_m: z.number(),
  height_m: z.number(),
  rotation: z.number(),
  assignee_id: nullableText,
  /** The layer by name; null is the default layer (premium). Rows stored before layers have none. */
  layer: nullableText.default(null),
  /** A custom shape's corners in metres relative to the centre (premium); null for other kinds. */
  points: z
    .array(z.object({ x: z.number(), y: z.number() }))
    .nullable()
    .default(null),
  moved_at: timestamp,
  created_by: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
});
export type SiteItemRow = z.infer<typeof siteItemRowSchema>;

/** Every mirrored table, by its Dexie name, with the schema of its rows. */
export const rowSchemas = {
  events: eventRowSchema,
  members: memberRowSchema,
  invitations: invitationRowSchema,
  profiles: profileRowSchema,
  settings: settingRowSchema,
  subscriptions: subscriptionRowSchema,
  friends: friendRowSchema,
  friendRequests: friendRequestRowSchema,
  chatMessages: chatMessageRowSchema,
  chatReactions: chatReactionRowSchema,
  chatReadMarkers: chatReadMarkerRowSchema,
  checklists: checklistRowSchema,
  checklistItems: checklistItemRowSchema,
  checklistTemplates: checklistTemplateRowSchema,
  scheduleItems: scheduleItemRowSchema,
  scheduleAssignees: scheduleAssigneeRowSchema,
  rides: rideRowSchema,
  ridePassengers: ridePassengerRowSchema,
  expenses: expenseRowSchema,
  settlements: settlementRowSchema,
  sitePlans: sitePlanRowSchema,
  siteItems: siteItemRowSchema,
} as const;

export type MirrorTable = keyof typeof rowSchemas;
export const mirrorTables = Object.keys(rowSchemas) as MirrorTable[];

export interface RowOf {
  events: EventRow;
  members: MemberRow;
  invitations: InvitationRow;
  profiles: ProfileRow;
  settings: SettingRow;
  subscriptions: SubscriptionRow;
  friends: FriendRow;
  friendRequests: FriendRequestRow;
  chatMessages: ChatMessageRow;
  chatReactions: ChatReactionRow;
  chatReadMarkers: ChatReadMarkerRow;
  checklists: ChecklistRow;
  checklistItems: ChecklistItemRow;
  checklistTemplates: ChecklistTemplateRow;
  scheduleItems: ScheduleItemRow;
  scheduleAssignees: ScheduleAssigneeRow;
  rides: RideRow;
  ridePassengers: RidePassengerRow;
  expenses: ExpenseRow;
  settlements: SettlementRow;
  sitePlans: SitePlanRow;
  siteItems: SiteItemRow;
}

/** The local key of an event member row. */
export function memberKey(eventId: string, userId: string): string {
  return `${eventId}|${userId}`;
}

/** The local key of a chat reaction row. */
export function reactionKey(messageId: string, userId: string, emoji: string): string {
  return `${messageId}|${userId}|${emoji}`;
}

/** The local key of a schedule assignee row. */
export function assigneeKey(itemId: string, userId: string): string {
  return `${itemId}|${userId}`;
}

/** The local key of a ride passenger row. */
export function passengerKey(rideId: string, userId: string): string {
  return `${rideId}|${userId}`;
}
