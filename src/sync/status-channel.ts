/**
 * The BroadcastChannel between one user's tabs and their sync workers: the leader publishes the
 * sync status; any tab asks the leader to push now (after a mutate), to pull, to send now that the
 * network is back, or to say when it is idle. Absent BroadcastChannel, a no-op.
 */
import type { SyncStatus } from './sync-status-store.ts';

export type ChannelMessage =
  | { type: 'status'; status: SyncStatus }
  | { type: 'kick' }
  | { type: 'pull'; reconcile: boolean; full: boolean }
  /** A tab saw the network come back: the leader sends now. */
  | { type: 'online' }
  /** A follower waits for the leader to be idle; the leader answers 'idle' once it is. */
  | { type: 'idle-wanted' }
  | { type: 'idle' };

export class StatusChannel {
  private readonly channel: BroadcastChannel | null;

  constructor(userId: string, onMessage: (message: ChannelMessage) => void) {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`crewcamp-sync-${userId}`) : null;
    if (this.channel) this.channel.onmessage = (event: MessageEvent<ChannelMessage>) => onMessage(event.data);
  }

  post(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // Closed (the engine stopped while an answer was on its way): nobody is listening.
    }
  }

  close(): void {
    this.channel?.close();
  }
}
