/** Live app settings as a key -> value map (feature switches `{enabled}`, component_access). */
import { parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const EMPTY: Record<string, unknown> = {};

export function useAppSettings(): Record<string, unknown> {
  return useDeviceQuery(
    async (db) =>
      Object.fromEntries(parseRows('settings', await db.settings.toArray()).map((row) => [row.key, row.value])),
    [],
    EMPTY,
  );
}
