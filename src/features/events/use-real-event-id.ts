/**
 * The server's id of an event made on the device under a `temp-…` id, once the server has it
 * (the engine records the pair when it reconciles the create); null until then.
 */
import { isTempId, realIdOf } from '../../sync/temp-ids.ts';
import { useDeviceQuery } from '../../data/use-device-query.ts';

export function useRealEventId(id: string | null): string | null {
  return useDeviceQuery(
    async (db) => {
      if (!id || !isTempId(id)) return null;
      const realId = await realIdOf(db, id);
      return realId === id ? null : realId;
    },
    [id],
    null,
  );
}
