import { useParams } from 'react-router';
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { currencyOf, type Currency } from './sync/currency.ts';

const LOADING = 'loading' as const;

/**
 * The currency of the event the page is about (`/events/{id}/…`): the one its amounts, balances,
 * settle-up plan and exports are in, or 'loading' until the device has answered. Read by each
 * money component itself, so the pages that lay them out need not pass it along.
 */
export function useEventCurrencyOrLoading(): Currency | typeof LOADING {
  const { eventId } = useParams();
  return useDeviceQuery(
    async (db) => currencyOf(eventId ? await db.events.get(eventId) : null),
    [eventId],
    LOADING as Currency | typeof LOADING,
  );
}

/** The event's currency (CHF for the moment it takes the device to answer). */
export function useEventCurrency(): Currency {
  const currency = useEventCurrencyOrLoading();
  return currency === LOADING ? 'CHF' : currency;
}
