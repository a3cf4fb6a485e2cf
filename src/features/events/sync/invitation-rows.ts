/** The device rows of invitations: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { nullableText, tableRows, withKey } from '../../../db/row-values.ts';

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;

export const invitationRowSchema = tableRows.event_invitations
  .omit({ deleted_at: true })
  .extend({
    ...withKey,
    id: nullableText,
    status: z.enum(INVITATION_STATUSES),
    // From the event and the people (embedded in the pull, or known on the device).
    event_name: nullableText,
    sender_name: nullableText,
    recipient_name: nullableText,
    recipient_avatar: nullableText,
  })
  .describe('invitations');

export type InvitationRow = z.infer<typeof invitationRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    invitations: InvitationRow;
  }
}
