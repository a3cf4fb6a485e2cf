/** Everything the crew sheet shows of one event, live from the device database (works offline). */
import { useAllRows, useRowsWhere } from '../../data/use-rows.ts';
import { crewContactRowSchema } from '../events/index.ts';
import { ridePassengerRowSchema, rideRowSchema } from '../transport/sync/index.ts';
import { scheduleItemRowSchema } from '../schedule/index.ts';
import { checklistItemRowSchema, checklistRowSchema } from '../checklists/sync/index.ts';
import { useSiteItems, useSitePlan } from '../site-planner/index.ts';

export function useCrewSheet(eventId: string) {
  return {
    contacts: useAllRows('crewContacts', crewContactRowSchema),
    rides: useRowsWhere('rides', rideRowSchema, 'event_id', eventId),
    passengers: useRowsWhere('ridePassengers', ridePassengerRowSchema, 'event_id', eventId),
    schedule: useRowsWhere('scheduleItems', scheduleItemRowSchema, 'event_id', eventId, { orderBy: 'starts_at' }),
    lists: useRowsWhere('checklists', checklistRowSchema, 'event_id', eventId),
    items: useRowsWhere('checklistItems', checklistItemRowSchema, 'event_id', eventId),
    plan: useSitePlan(eventId),
    siteItems: useSiteItems(eventId),
  };
}
