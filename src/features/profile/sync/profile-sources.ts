/** What a pull reads of profiles: a delta of what everyone may read, and the user's own whole profile. */
import { TIERS } from '../../../access/tiers.ts';
import type { Tables } from '../../../db/database.types.ts';
import type { RowOf } from '../../../db/mirror.ts';
import { readProcedure } from '../../../sync/backend-calls.ts';
import type { LocalWriter } from '../../../sync/local-writer.ts';
import { rowSource, type SnapshotSource } from '../../../sync/pull-source.ts';
import { object, oneOf } from '../../../sync/server-values.ts';
import { PROFILE_ROLES, profileRowSchema, type NotificationSettings } from './profile-rows.ts';

/** Fields only the profile's owner may read (column grants): get_my_profile() brings them. */
const OWNER_ONLY = [
  'country',
  'postal_code',
  'street_address',
  'street_number',
  'notification_settings',
  'phone',
  'share_phone',
  'emergency_contact_name',
  'emergency_contact_phone',
  'share_emergency_contact',
] as const;

const ownerOnlyUnread = () => null;

export const profilesSource = rowSource({
  table: 'profiles',
  remote: 'profiles',
  schema: profileRowSchema,
  convert: {
    role: (r) => oneOf(PROFILE_ROLES, r.role, 'user'),
    subscription_tier: (r) => oneOf(TIERS, r.subscription_tier, 'free'),
    country: ownerOnlyUnread,
    postal_code: ownerOnlyUnread,
    street_address: ownerOnlyUnread,
    street_number: ownerOnlyUnread,
    notification_settings: ownerOnlyUnread,
    phone: ownerOnlyUnread,
    share_phone: () => false,
    emergency_contact_name: ownerOnlyUnread,
    emergency_contact_phone: ownerOnlyUnread,
    share_emergency_contact: () => false,
  },
  reads: ['role', 'subscription_tier'],
  hasNoTombstones: true,
  // The delta must not blank the owner-only fields of the user's own stored profile.
  merge: (pulled, stored, userId) =>
    pulled.key === userId
      ? { ...pulled, ...Object.fromEntries(OWNER_ONLY.map((field) => [field, stored?.[field] ?? pulled[field]])) }
      : pulled,
  afterStore: (writer, profile) =>
    profile.key === writer.userId ? Promise.resolve() : patchMemberProfiles(writer, profile),
});

/** Members show their profile's name, avatar and email: keep them current when a profile changes. */
async function patchMemberProfiles(writer: LocalWriter, profile: RowOf['profiles']): Promise<void> {
  const { db } = writer;
  for (const member of await db.members.where('user_id').equals(profile.id).toArray()) {
    const base = await writer.serverState('members', member.key);
    if (!base) continue;
    if (base.name === profile.name && base.avatar === profile.avatar && base.email === profile.email) continue;
    await writer.storeServer('members', member.key, {
      ...base,
      name: profile.name,
      avatar: profile.avatar,
      email: profile.email,
    });
  }
}

/** The user's own whole profile (with the owner-only fields), as get_my_profile() answers it. */
export function ownProfileFromServer(r: Tables<'profiles'>): RowOf['profiles'] {
  const { row } = profilesSource.toRow(r, r.id);
  if (!row) throw new Error('A profile row is never a tombstone');
  return {
    ...row,
    country: r.country,
    postal_code: r.postal_code,
    street_address: r.street_address,
    street_number: r.street_number,
    phone: r.phone,
    share_phone: r.share_phone,
    emergency_contact_name: r.emergency_contact_name,
    emergency_contact_phone: r.emergency_contact_phone,
    share_emergency_contact: r.share_emergency_contact,
    notification_settings: notificationSettingsFrom(r.notification_settings),
  };
}

/** The user's own profile with the fields only its owner may read (address), on a full pull. */
export const ownProfileSnapshot: SnapshotSource<'profiles'> = {
  table: 'profiles',
  isPartial: true,
  async read(client) {
    const row = await readProcedure(client, 'get_my_profile');
    return row?.id ? [ownProfileFromServer(row)] : [];
  },
};

/** The known boolean choices of a server `notification_settings` value; null when not read. */
function notificationSettingsFrom(v: unknown): NotificationSettings | null {
  const settings = object(v);
  if (!settings) return null;
  const out: NotificationSettings = {};
  for (const field of ['invitations', 'event_updates', 'chat_messages'] as const) {
    const value = settings[field];
    if (typeof value === 'boolean') out[field] = value;
  }
  return out;
}
