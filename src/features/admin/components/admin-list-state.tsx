import type { AdminData } from '../use-admin-data.ts';
import { AdminAlert } from './admin-alert.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { StatusSpinner } from '../../../components/status-spinner.tsx';

/**
 * What an admin tab shows instead of its list: that the panel needs a connection, the list's
 * error, or that it is loading; null once the list is there.
 */
export function adminListState(isOnline: boolean, list: AdminData<unknown>, loadingLabel: string) {
  if (!isOnline) return <OfflineNotice />;
  if (list.error) return <AdminAlert message={list.error.message} detail={list.error.detail} />;
  if (!list.data) return <StatusSpinner label={loadingLabel} />;
  return null;
}
