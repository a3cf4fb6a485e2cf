/** The device rows of site-planner: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { nullableText, tableRows, withKey } from '../../../db/row-values.ts';
import { editTracking, sentOnly } from '../../../sync/edit-groups.ts';

/** The size of an event's site plan, in metres. Key: the event id. */
export const sitePlanRowSchema = tableRows.site_plans
  .omit({ created_at: true, updated_by: true })
  .extend(withKey)
  .describe('sitePlans');

type SitePlanRow = z.infer<typeof sitePlanRowSchema>;

/** An item on a site plan: its centre, size (metres) and rotation (degrees). */
export const siteItemRowSchema = tableRows.site_items
  .omit({ deleted_at: true, ...sentOnly })
  .extend({
    ...withKey,
    ...editTracking,
    /** Who last moved or changed it (set by the database); rows stored before it was kept have none. */
    updated_by: z.string().nullable().default(null),
    /** The layer by name; null is the default layer (premium). Rows stored before layers have none. */
    layer: nullableText.default(null),
    /** A custom shape's corners in metres relative to the centre (premium); null for other kinds. */
    points: z
      .array(z.object({ x: z.number(), y: z.number() }))
      .nullable()
      .default(null),
  })
  .describe('siteItems');

export type SiteItemRow = z.infer<typeof siteItemRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    sitePlans: SitePlanRow;
    siteItems: SiteItemRow;
  }
}
