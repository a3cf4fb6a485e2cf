/** Live reads of an event's site plan: its size (null until a manager sets one) and its items. */
import type { SiteItemRow, SitePlanRow } from '../db/row-schemas.ts';
import { parseRow, parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const NO_ITEMS: SiteItemRow[] = [];

export function useSitePlan(eventId: string | null | undefined): SitePlanRow | null {
  return (
    useDeviceQuery<{ row: SitePlanRow | null }>(
      async (db) => ({ row: eventId ? (parseRow('sitePlans', await db.sitePlans.get(eventId)) ?? null) : null }),
      [eventId],
      { row: null },
    ).row ?? null
  );
}

export function useSiteItems(eventId: string | null | undefined): SiteItemRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId ? parseRows('siteItems', await db.siteItems.where('event_id').equals(eventId).toArray()) : NO_ITEMS,
    [eventId],
    NO_ITEMS,
  );
}
