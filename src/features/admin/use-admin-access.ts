/**
 * What the database says about the caller's admin rights in this session (get_my_admin_access):
 * 'step_up' for an admin with an authenticator app on a password-only session (the database
 * refuses every admin call until the code is given), 'enrol' for an admin without one (the rights
 * work, the panel asks them to set it up), 'ok' or 'not_admin' otherwise. Asked again whenever
 * the session's token changes (the code raises it to aal2).
 */
import { useEffect, useState } from 'react';
import { callRpc } from '../../sync/backend.ts';
import { useAuthStore } from '../auth/index.ts';

export type AdminAccessStatus = 'not_admin' | 'step_up' | 'enrol' | 'ok';

const STATUSES: readonly string[] = ['not_admin', 'step_up', 'enrol', 'ok'];

/** The status; 'unknown' while asking or when the database could not be asked (offline). */
export function useAdminAccess(): AdminAccessStatus | 'loading' | 'unknown' {
  const token = useAuthStore((state) => state.session?.access_token ?? null);
  const [answer, setAnswer] = useState<{ token: string | null; status: AdminAccessStatus | 'unknown' } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void callRpc('get_my_admin_access').then(({ data, error }) => {
      if (!isCurrent) return;
      const status = !error && data && typeof data === 'object' && 'status' in data ? String(data.status) : '';
      setAnswer({ token, status: STATUSES.includes(status) ? (status as AdminAccessStatus) : 'unknown' });
    });
    return () => {
      isCurrent = false;
    };
  }, [token]);

  return answer && answer.token === token ? answer.status : 'loading';
}
