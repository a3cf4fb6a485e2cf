import { AdminAlert } from './admin-alert.tsx';

/** Shown instead of stale data: the admin panel reads and writes the server directly. */
export function OfflineNotice() {
  return (
    <AdminAlert
      status="info"
      message="You're offline. The admin panel needs a connection: reconnect to see and change site data."
    />
  );
}
