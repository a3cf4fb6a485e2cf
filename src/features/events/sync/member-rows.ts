/** The device rows of members: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { nullableText, tableRows, withKey } from '../../../db/row-values.ts';

export const MEMBER_ROLES = ['creator', 'admin', 'member'] as const;

/** One member of one event, with what the member list shows of their profile. Key: `{event_id}|{user_id}`. */
// removed_by_manager only tells the server whether a removed member may rejoin by link.
export const memberRowSchema = tableRows.event_members
  .omit({ deleted_at: true, removed_by_manager: true })
  .extend({
    ...withKey,
    /** Null for a member added on this device until the server's row arrives. */
    id: nullableText,
    role: z.enum(MEMBER_ROLES),
    name: nullableText,
    avatar: nullableText,
    email: nullableText,
  })
  .describe('members');

export type MemberRow = z.infer<typeof memberRowSchema>;

/** The local key of an event member row. */
export function memberKey(eventId: string, userId: string): string {
  return `${eventId}|${userId}`;
}

declare module '../../../db/mirror.ts' {
  interface RowOf {
    members: MemberRow;
  }
}
