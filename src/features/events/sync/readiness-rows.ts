/**
 * The device rows of crew readiness (issue 24): per event and member device, when it last held
 * everything of the event offline and its app version. Written on the server only by
 * report_device_ready (and ended by forget_device, a tombstone); every member of the event reads them.
 */
import type { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';

/** Key: `{event_id}|{user_id}|{device_id}`. */
export const deviceReadinessRowSchema = tableRows.device_readiness
  .omit({ id: true, deleted_at: true, created_at: true })
  .extend(withKey)
  .describe('deviceReadiness');

type DeviceReadinessRow = z.infer<typeof deviceReadinessRowSchema>;

export function deviceReadinessKey(eventId: string, userId: string, deviceId: string): string {
  return `${eventId}|${userId}|${deviceId}`;
}

declare module '../../../db/mirror.ts' {
  interface RowOf {
    deviceReadiness: DeviceReadinessRow;
  }
}
