/** Live reads of an event's site plan: its size (null until a manager sets one) and its items. */
import { useRow, useRowsWhere } from '../../data/use-rows.ts';
import { siteItemRowSchema, sitePlanRowSchema } from './sync/index.ts';

export const useSitePlan = (eventId: string | null | undefined) => useRow('sitePlans', sitePlanRowSchema, eventId);

export const useSiteItems = (eventId: string | null | undefined) =>
  useRowsWhere('siteItems', siteItemRowSchema, 'event_id', eventId);
