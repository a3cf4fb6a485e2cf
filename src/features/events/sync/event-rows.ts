/** The device rows of events: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';
import { editTracking, sentOnly } from '../../../sync/edit-groups.ts';
import { TIERS } from '../../../access/tiers.ts';

export const EVENT_STATUSES = ['active', 'past', 'deleted'] as const;

export const eventRowSchema = tableRows.events
  .omit(sentOnly)
  .extend({
    ...withKey,
    ...editTracking,
    access_tier: z.enum(TIERS),
    status: z.enum(EVENT_STATUSES),
    /** ISO 4217; rows stored before events had a currency lack it (CHF events: currencyOf). */
    currency: z.string().optional(),
    /** IANA name the schedule's times are in; rows stored before events had one lack it. */
    time_zone: z.string().optional(),
    // White label (organizer): rows stored before these columns existed read as unbranded.
    accent_color: z.string().nullable().default(null),
    logo_path: z.string().nullable().default(null),
  })
  .describe('events');

export type EventRow = z.infer<typeof eventRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    events: EventRow;
  }
}
