/** What a pull reads of events, invitations and members; the device rows are the server's columns (rowSource). */
import { editConverters } from '../../../sync/edit-groups.ts';
import { TIERS } from '../../../access/tiers.ts';
import { embed, one, rowSource } from '../../../sync/pull-source.ts';
import { oneOf } from '../../../sync/server-values.ts';
import { EVENT_STATUSES, eventRowSchema } from './event-rows.ts';
import { INVITATION_STATUSES, invitationRowSchema } from './invitation-rows.ts';
import { MEMBER_ROLES, memberKey, memberRowSchema } from './member-rows.ts';

/** Events are the scopes: their visible ids decide what else the device keeps (reconcile). */
export const eventsSource = rowSource({
  table: 'events',
  remote: 'events',
  schema: eventRowSchema,
  convert: {
    ...editConverters,
    access_tier: (r) => oneOf(TIERS, r.access_tier, 'free'),
    status: (r) => oneOf(EVENT_STATUSES, r.status, 'active'),
  },
  scopeColumn: 'id',
  visibility: 'scope',
  // A deleted event keeps its row (status `deleted`) for its creator to restore.
  hasNoTombstones: true,
});

type Named = { name: string | null };

export const invitationsSource = rowSource({
  table: 'invitations',
  remote: 'event_invitations',
  schema: invitationRowSchema,
  embeds: {
    event: embed<Named>('events(name)'),
    sender: embed<Named>('profiles!event_invitations_sender_id_fkey(name)'),
    recipient: embed<Named & { avatar: string | null }>('profiles!event_invitations_recipient_id_fkey(name,avatar)'),
  },
  convert: {
    status: (r) => oneOf(INVITATION_STATUSES, r.status, 'pending'),
    event_name: (r) => one(r.event)?.name ?? null,
    sender_name: (r) => one(r.sender)?.name ?? null,
    recipient_name: (r) => one(r.recipient)?.name ?? null,
    recipient_avatar: (r) => one(r.recipient)?.avatar ?? null,
  },
  reads: ['status'],
  scopeColumn: 'event_id',
  // Invitations to events the user is not a member of are visible too: compared by id.
  visibility: 'by-id',
});

export const membersSource = rowSource({
  table: 'members',
  remote: 'event_members',
  schema: memberRowSchema,
  key: (r) => memberKey(r.event_id, r.user_id),
  embeds: { profile: embed<Named & { avatar: string | null; email: string | null }>('profiles(name,avatar,email)') },
  convert: {
    role: (r) => oneOf(MEMBER_ROLES, r.role, 'member'),
    name: (r) => one(r.profile)?.name ?? null,
    avatar: (r) => one(r.profile)?.avatar ?? null,
    email: (r) => one(r.profile)?.email ?? null,
  },
  reads: ['role'],
  inScope: 'event_id',
  // A change of the user's own membership changes what the user can see.
  membership: (r, userId) => (r.user_id === userId ? { scopeId: r.event_id, isActive: !r.deleted_at } : null),
});
