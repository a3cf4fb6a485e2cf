/** The rows the organizer's view needs, for the active events on the device, in one live query. */
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { parseRows } from '../../db/validated-read.ts';
import { checklistItemRowSchema } from '../checklists/sync/index.ts';
import { eventRowSchema, memberRowSchema } from '../events/index.ts';
import { currencyOf, expenseRowSchema, settlementRowSchema } from '../expenses/index.ts';
import { scheduleItemRowSchema } from '../schedule/index.ts';
import { ridePassengerRowSchema, rideRowSchema } from '../transport/sync/index.ts';
import type { EventData } from './organizer-summary.ts';

const NONE: EventData[] = [];

function byEvent<T extends { event_id: string }>(rows: readonly T[]): (eventId: string) => T[] {
  const out = new Map<string, T[]>();
  for (const row of rows) out.set(row.event_id, [...(out.get(row.event_id) ?? []), row]);
  return (eventId) => out.get(eventId) ?? [];
}

export function useOrganizerData(): EventData[] {
  return useDeviceQuery(
    async (db) => {
      const events = parseRows(eventRowSchema, await db.events.toArray())
        .filter((event) => event.status === 'active')
        .sort((a, b) => (a.start_date ?? '\uffff').localeCompare(b.start_date ?? '\uffff'));
      const ids = events.map((event) => event.id);
      if (!ids.length) return NONE;
      const [members, schedule, items, expenses, settlements, rides, passengers] = await Promise.all([
        db.members.where('event_id').anyOf(ids).toArray(),
        db.scheduleItems.where('event_id').anyOf(ids).toArray(),
        db.checklistItems.where('event_id').anyOf(ids).toArray(),
        db.expenses.where('event_id').anyOf(ids).toArray(),
        db.settlements.where('event_id').anyOf(ids).toArray(),
        db.rides.where('event_id').anyOf(ids).toArray(),
        db.ridePassengers.where('event_id').anyOf(ids).toArray(),
      ]);
      const membersOf = byEvent(parseRows(memberRowSchema, members));
      const scheduleOf = byEvent(parseRows(scheduleItemRowSchema, schedule));
      const itemsOf = byEvent(parseRows(checklistItemRowSchema, items).filter((item) => !item.done));
      const expensesOf = byEvent(parseRows(expenseRowSchema, expenses));
      const settlementsOf = byEvent(parseRows(settlementRowSchema, settlements));
      const ridesOf = byEvent(parseRows(rideRowSchema, rides));
      const passengersOf = byEvent(parseRows(ridePassengerRowSchema, passengers));
      return events.map((event) => ({
        id: event.id,
        name: event.name,
        currency: currencyOf(event),
        members: membersOf(event.id).map((m) => ({ user_id: m.user_id, name: m.name ?? m.email ?? 'A member' })),
        schedule: scheduleOf(event.id),
        openItems: itemsOf(event.id),
        expenses: expensesOf(event.id),
        settlements: settlementsOf(event.id),
        rides: ridesOf(event.id),
        passengers: passengersOf(event.id),
      }));
    },
    [],
    NONE,
  );
}
