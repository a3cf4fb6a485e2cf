/**
 * The device database: one IndexedDB database per signed-in user (`crewcamp-{userId}`), holding
 * the mirrors of what the server lets that user see, the outbox, the shadows of optimistically
 * changed rows and the engine's metadata. Every schema change is a new entry in `schemaVersions`
 * with its upgrade; nothing is ever changed in place. All read-write transactions use strict
 * durability: an outbox entry that `mutate` reported as queued is on disk.
 */
import { Dexie, type Table, type Transaction } from 'dexie';
import type { MetaRow, OutboxEntry, ShadowRow } from './outbox-schema.ts';
import type { MirrorTables } from './mirror.ts';

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

/** Every version of the schema, oldest first. Append; never edit a released entry. */
export const schemaVersions: SchemaVersion[] = [
  {
    version: 1,
    stores: {
      events: 'key, status, updated_at',
      members: 'key, event_id, user_id',
      invitations: 'key, event_id, recipient_id, sender_id, status',
      profiles: 'key',
      settings: 'key',
      subscriptions: 'key, user_id',
      friends: 'key',
      friendRequests: 'key, direction, status',
      outbox: '++seq, &mutationId, status',
      shadows: 'id',
      meta: 'key',
    },
  },
  {
    // Profile rows gain `notification_settings` (no new index).
    version: 2,
    stores: {},
    upgrade: async (tx) => {
      await tx
        .table('profiles')
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          if (row.notification_settings === undefined) row.notification_settings = null;
        });
    },
  },
  {
    // Event pages I (issue 7): chat, checklists, templates, schedule. New tables only.
    version: 3,
    stores: {
      chatMessages: 'key, [event_id+created_at], event_id',
      chatReactions: 'key, message_id, event_id',
      chatReadMarkers: 'key, event_id',
      checklists: 'key, event_id',
      checklistItems: 'key, [checklist_id+position], checklist_id, event_id, assignee_id',
      checklistTemplates: 'key',
      scheduleItems: 'key, [event_id+starts_at], event_id',
      scheduleAssignees: 'key, item_id, event_id, user_id',
    },
  },
  {
    // Event pages II (issue 8): transport, expenses and the site planner. New tables only.
    version: 4,
    stores: {
      rides: 'key, [event_id+departs_at], event_id',
      ridePassengers: 'key, ride_id, event_id, user_id',
      expenses: 'key, [event_id+spent_on], event_id',
      settlements: 'key, event_id',
      sitePlans: 'key',
      siteItems: 'key, event_id',
    },
  },
  {
    // Notifications (issue 19): the user's notification rows and settings. New tables only.
    version: 5,
    stores: {
      notifications: 'key, event_id, created_at',
      notificationSettings: 'key',
    },
  },
  {
    // Chat photos and deleted messages kept as tombstones (issue 20): chat rows gain `photo_path`
    // and `deleted_at` (no new index).
    version: 7,
    stores: {},
    upgrade: async (tx) => {
      await tx
        .table('chatMessages')
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          row.photo_path ??= null;
          row.deleted_at ??= null;
        });
    },
  },
  {
    // Announcements of organizer events, seen marks and follows (issue 19). New tables only.
    version: 10,
    stores: {
      announcements: 'key, event_id',
      announcementReads: 'key, announcement_id, event_id',
      eventFollows: 'key, event_id',
    },
  },
  {
    // "I need a ride" / "Going on my own" (issue 21): each member's ride status per event. New table only.
    version: 11,
    stores: {
      rideNeeds: 'key, event_id, user_id',
    },
  },
  {
    // The home's "new since" (issue 20): every page's rows gain an [event_id+updated_at] index, so
    // what changed after a visit is one index range per event instead of every row of the event.
    // Site items gain `updated_by` (who moved one last).
    version: 12,
    stores: {
      checklists: 'key, event_id, [event_id+updated_at]',
      checklistItems: 'key, [checklist_id+position], checklist_id, event_id, assignee_id, [event_id+updated_at]',
      expenses: 'key, [event_id+spent_on], event_id, [event_id+updated_at]',
      settlements: 'key, event_id, [event_id+updated_at]',
      scheduleItems: 'key, [event_id+starts_at], event_id, [event_id+updated_at]',
      rides: 'key, [event_id+departs_at], event_id, [event_id+updated_at]',
      ridePassengers: 'key, ride_id, event_id, user_id, [event_id+updated_at]',
      siteItems: 'key, event_id, [event_id+updated_at]',
    },
    upgrade: async (tx) => {
      await tx
        .table('siteItems')
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          row.updated_by ??= null;
        });
    },
  },
  {
    // Event logos kept on the device (issue 21), so a branded event shows its logo offline: the
    // image bytes by their key in the event-logos bucket. A cache, not a mirror. New table only.
    version: 13,
    stores: {
      eventLogos: 'key, event_id',
    },
  },
  {
    // Event notes and co-members' shared contact details (issue 24); own profile rows gain the
    // contact fields (not shared until the user says so).
    version: 14,
    stores: {
      eventNotes: 'key, event_id',
      crewContacts: 'key',
    },
    upgrade: async (tx) => {
      await tx
        .table('profiles')
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          row.phone ??= null;
          row.share_phone ??= false;
          row.emergency_contact_name ??= null;
          row.emergency_contact_phone ??= null;
          row.share_emergency_contact ??= false;
        });
    },
  },
  {
    // Ready for no signal (issue 24): the crew's device readiness (mirrored) and the private photos
    // kept for offline viewing (device only, by `{bucket}/{path}`). New tables only.
    version: 15,
    stores: {
      deviceReadiness: 'key, event_id, user_id',
      deviceFiles: 'key, event_id',
    },
  },
  {
    // Outbox entries by the rows they touch and the scopes they create (issue 23): queueing a
    // change looks up its creators, and a rebase the entries on some rows, through these indexes
    // instead of reading the whole outbox, which made a long offline queue slower with each entry.
    version: 16,
    stores: {
      outbox: '++seq, &mutationId, status, *touched, *creates',
    },
  },
  {
    // Unread chat counted in the indexes (issue 23): a member's own messages by event and time, so
    // the unread count is two index counts (everyone's after the read marker, less mine) instead of
    // reading every message after the marker, which for a new member of a long chat is all of them.
    // The plain event_id index goes: each index is a write per pulled message, and Dexie answers
    // `where('event_id')` from the first part of [event_id+created_at] (a virtual index).
    version: 17,
    stores: {
      chatMessages: 'key, [event_id+created_at], [event_id+author_id+created_at]',
    },
  },
];

/** A private photo (receipt, chat photo) kept on the device for offline viewing (Get ready). */
interface DeviceFileRow {
  /** `{bucket}/{path}` */
  key: string;
  event_id: string;
  blob: Blob;
  size: number;
  saved_at: number;
}

/** The mirrored tables come from the features' row types (mirror.ts); Dexie creates them from `stores`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the table properties
export interface CrewCampDb extends MirrorTables {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class CrewCampDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  shadows!: Table<ShadowRow, string>;
  meta!: Table<MetaRow, string>;
  deviceFiles!: Table<DeviceFileRow, string>;

  constructor(
    readonly userId: string,
    versions: SchemaVersion[] = schemaVersions,
  ) {
    super(databaseName(userId), { chromeTransactionDurability: 'strict' });
    for (const { version, stores, upgrade } of versions) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
  }
}

export function databaseName(userId: string): string {
  return `crewcamp-${userId}`;
}

/** Opens (creating or upgrading) the database of one user. */
export async function openUserDb(userId: string, versions: SchemaVersion[] = schemaVersions): Promise<CrewCampDb> {
  const db = new CrewCampDb(userId, versions);
  await db.open();
  return db;
}

/** Deletes a user's device database (sign-out after the user agreed to lose unsent changes). */
export async function deleteUserDb(userId: string): Promise<void> {
  await Dexie.delete(databaseName(userId));
}
