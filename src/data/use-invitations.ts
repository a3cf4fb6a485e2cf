/** Live invitations: those sent for one event (the members dialog) and those this user received (notifications). */
import type { InvitationRow } from '../db/row-schemas.ts';
import { parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const EMPTY: InvitationRow[] = [];
const newestFirst = (a: InvitationRow, b: InvitationRow) => b.created_at.localeCompare(a.created_at);

export function useSentInvitations(eventId: string | null | undefined): InvitationRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? parseRows('invitations', await db.invitations.where('event_id').equals(eventId).toArray()).sort(newestFirst)
        : EMPTY,
    [eventId],
    EMPTY,
  );
}

export function useReceivedInvitations(): InvitationRow[] {
  return useDeviceQuery(
    async (db, userId) =>
      parseRows('invitations', await db.invitations.where('recipient_id').equals(userId).toArray()).sort(newestFirst),
    [],
    EMPTY,
  );
}
