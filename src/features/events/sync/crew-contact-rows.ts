/**
 * The contact details co-members chose to share with their crews (issue 24), one row per person
 * (key: their user id), read whole through `crew_contacts()`: a field not shared is null, a person
 * sharing nothing (or no longer a co-member) has no row.
 */
import { z } from 'zod';
import { nullableText, withKey } from '../../../db/row-values.ts';

export const crewContactRowSchema = z
  .object({
    ...withKey,
    user_id: z.string(),
    phone: nullableText,
    emergency_contact_name: nullableText,
    emergency_contact_phone: nullableText,
  })
  .describe('crewContacts');

export type CrewContactRow = z.infer<typeof crewContactRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    crewContacts: CrewContactRow;
  }
}
