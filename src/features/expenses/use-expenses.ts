/** Live reads of an event's expenses (newest first) and settlements. */
import { useRowsWhere } from '../../data/use-rows.ts';
import { expenseRowSchema, settlementRowSchema } from './sync/index.ts';

export const useExpenses = (eventId: string | null | undefined) =>
  useRowsWhere('expenses', expenseRowSchema, 'event_id', eventId, { orderBy: 'spent_on', isReversed: true });

export const useSettlements = (eventId: string | null | undefined) =>
  useRowsWhere('settlements', settlementRowSchema, 'event_id', eventId);
