/**
 * A page on hold: shown before the facts its route depends on are known (a prerendered page whose
 * guard still waits for the session or the site switches, src/app/prerender.ts). Its text fields
 * are read-only until then (use-form-values.ts), so nothing typed is lost to a redirect.
 */
import { createContext, useContext } from 'react';

export const PageHoldContext = createContext(false);

export function useIsPageOnHold(): boolean {
  return useContext(PageHoldContext);
}
