/**
 * Co-members' shared contact details, read whole on a full pull (a share taken back, or a crew
 * left, must disappear from the device, which no delta shows). A profile change rings for one.
 */
import { readProcedure } from '../../../sync/backend-calls.ts';
import type { SnapshotSource } from '../../../sync/pull-source.ts';

export const crewContactsSnapshot: SnapshotSource<'crewContacts'> = {
  table: 'crewContacts',
  async read(client) {
    const rows = (await readProcedure(client, 'crew_contacts')) ?? [];
    return rows.map((r) => ({
      key: r.user_id,
      user_id: r.user_id,
      phone: r.phone,
      emergency_contact_name: r.emergency_contact_name,
      emergency_contact_phone: r.emergency_contact_phone,
    }));
  },
};
