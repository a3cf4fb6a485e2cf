/**
 * The schedule's iCalendar builder lives with the server functions
 * (supabase/functions/_shared/icalendar.ts) so that `supabase functions deploy` bundles it for the
 * calendar feed; the schedule's export uses the same one copy from here.
 */
export { toICalendar } from '../../../supabase/functions/_shared/icalendar.ts';
