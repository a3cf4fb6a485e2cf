/** Live invitations: those sent for one event (the members dialog) and those this user received (notifications). */
import { useRowsWhere } from '../../data/use-rows.ts';
import { useSyncSession } from '../../data/use-sync-session.ts';
import { invitationRowSchema, type InvitationRow } from './sync/index.ts';

const newestFirst = (rows: InvitationRow[]) => rows.sort((a, b) => b.created_at.localeCompare(a.created_at));

export const useSentInvitations = (eventId: string | null | undefined) =>
  useRowsWhere('invitations', invitationRowSchema, 'event_id', eventId, { then: newestFirst });

export function useReceivedInvitations(): InvitationRow[] {
  const me = useSyncSession()?.userId;
  return useRowsWhere('invitations', invitationRowSchema, 'recipient_id', me, { then: newestFirst });
}
