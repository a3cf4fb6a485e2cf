/**
 * The matrix's kit for device readiness (issue 24): rows are made by report_device_ready only, so
 * the target row (the member's device) is inserted as the owner, and every client write must fail.
 */
import type { Matrix, TableKit } from './rls-matrix-support.ts';

export function readinessKits(m: Matrix): Record<string, TableKit> {
  const { users, eventId } = m;
  return {
    device_readiness: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.device_readiness (event_id, user_id, device_id, app_version)
           values ($1, $2, gen_random_uuid(), '0.1.0') returning id as v`,
          [eventId, users.member.id],
        ),
      patch: () => ({ app_version: m.marker() }),
      changed: m.column('device_readiness', 'id', 'app_version'),
      insert: async () => {
        const id = await m.uuid();
        const payload = { id, event_id: eventId, user_id: users.member.id, device_id: id, app_version: '0.1.0' };
        return { payload, id };
      },
    },
  };
}
