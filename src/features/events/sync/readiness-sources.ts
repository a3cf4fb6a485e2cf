/**
 * What a pull reads of crew readiness: the rows of the user's events (RLS: members read them all),
 * living and dying with the event; a forgotten device is a tombstone.
 */
import { rowSource } from '../../../sync/pull-source.ts';
import { deviceReadinessKey, deviceReadinessRowSchema } from './readiness-rows.ts';

export const deviceReadinessSource = rowSource({
  table: 'deviceReadiness',
  remote: 'device_readiness',
  schema: deviceReadinessRowSchema,
  key: (r) => deviceReadinessKey(r.event_id, r.user_id, r.device_id),
  tieBreaker: 'id',
  inScope: 'event_id',
});
