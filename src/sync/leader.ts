/**
 * Leader election between the tabs of one user: the tab holding the Web Lock
 * `crewcamp-sync-{userId}` pushes and pulls; the others only write to the outbox and follow. Where
 * the Web Locks API is missing (old browsers, Node), the tab leads on its own, which is safe
 * because every send is idempotent, only wasteful.
 */
export interface LockManagerLike {
  request(
    name: string,
    options: { mode?: 'exclusive' | 'shared'; signal?: AbortSignal },
    callback: () => Promise<unknown>,
  ): Promise<unknown>;
}

export function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

/**
 * Waits for leadership and calls `lead` with it; leadership is held until `lead`'s promise settles
 * or `signal` aborts. Answers when leadership ended (or was never obtained before the abort).
 */
export async function runAsLeader(
  name: string,
  locks: LockManagerLike | null,
  signal: AbortSignal,
  lead: () => Promise<void>,
): Promise<void> {
  if (!locks) {
    await lead();
    return;
  }
  try {
    await locks.request(name, { mode: 'exclusive', signal }, lead);
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}
