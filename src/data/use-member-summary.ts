/** Per event on the device: how many members it has and the signed-in user's role in it (dashboard cards). */
import type { MemberRow } from '../db/row-schemas.ts';
import { parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

export interface MemberSummary {
  count: number;
  myRole: MemberRow['role'] | null;
}

const EMPTY: Record<string, MemberSummary> = {};

export function useMemberSummaries(): Record<string, MemberSummary> {
  return useDeviceQuery(
    async (db, userId) => {
      const summary: Record<string, MemberSummary> = {};
      for (const member of parseRows('members', await db.members.toArray())) {
        const entry = (summary[member.event_id] ??= { count: 0, myRole: null });
        entry.count += 1;
        if (member.user_id === userId) entry.myRole = member.role;
      }
      return summary;
    },
    [],
    EMPTY,
  );
}
