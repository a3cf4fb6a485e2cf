/**
 * What signing out needs from the device database: how many changes the server has not accepted
 * yet (sign-out asks before losing them), and forgetting the device's copy when the user chose
 * to. Imported lazily by the auth store, so the sign-in page does not carry the engine.
 */
import { getActiveSession, stopSyncSession, unsentCount } from '../sync/sync-session.ts';

export { unsentCount };

/** Stops the sync session and deletes the signed-in user's device database (unsent changes too). */
export async function forgetDevice(): Promise<void> {
  if (getActiveSession()) await stopSyncSession({ deleteDeviceData: true });
}
