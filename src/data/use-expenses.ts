/** Live reads of an event's expenses (newest first) and settlements. */
import type { ExpenseRow, SettlementRow } from '../db/row-schemas.ts';
import { parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const NO_EXPENSES: ExpenseRow[] = [];
const NO_SETTLEMENTS: SettlementRow[] = [];

export function useExpenses(eventId: string | null | undefined): ExpenseRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? parseRows(
            'expenses',
            await db.expenses
              .where('[event_id+spent_on]')
              .between([eventId, ''], [eventId, '\uffff'])
              .reverse()
              .toArray(),
          )
        : NO_EXPENSES,
    [eventId],
    NO_EXPENSES,
  );
}

export function useSettlements(eventId: string | null | undefined): SettlementRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? parseRows('settlements', await db.settlements.where('event_id').equals(eventId).toArray())
        : NO_SETTLEMENTS,
    [eventId],
    NO_SETTLEMENTS,
  );
}
