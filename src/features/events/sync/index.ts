/**
 * Events, their members (crews), invitations and announcements (organizer): this feature's part of the sync engine (mutation kinds, pull sources, row
 * schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { eventKinds } from './event-kinds.ts';
import { memberKinds } from './member-kinds.ts';
import { invitationKinds } from './invitation-kinds.ts';
import { eventsSource, invitationsSource, membersSource } from './event-sources.ts';
import { announcementKinds } from './announcement-kinds.ts';
import { announcementSources } from './announcement-sources.ts';
import { eventNoteKinds } from './event-note-kinds.ts';
import { eventNotesSource } from './event-note-sources.ts';
import { crewContactsSnapshot } from './crew-contact-sources.ts';
import { deviceReadinessSource } from './readiness-sources.ts';

export * from './event-rows.ts';
export * from './member-rows.ts';
export * from './invitation-rows.ts';
export * from './invitation-kinds.ts';
export * from './event-sources.ts';
export * from './event-kinds.ts';
export * from './member-kinds.ts';
export * from './announcement-rows.ts';
export * from './announcement-kinds.ts';
export * from './event-note-rows.ts';
export * from './event-note-kinds.ts';
export * from './crew-contact-rows.ts';
export * from './readiness-rows.ts';

export const eventsSync = {
  kinds: [...eventKinds, ...memberKinds, ...invitationKinds, ...announcementKinds, ...eventNoteKinds],
  sources: [
    eventsSource,
    membersSource,
    invitationsSource,
    ...announcementSources,
    eventNotesSource,
    deviceReadinessSource,
  ],
  snapshots: [crewContactsSnapshot],
  // Shared contact details come whole with a full pull: a profile change asks for one.
  doorbell: [{ table: 'profiles', isSnapshot: true }],
} satisfies SyncFeature;
