/**
 * The BroadcastChannel between one user's tabs: the leader publishes the sync status; any tab
 * asks the leader to push now (after a mutate) or to pull. Absent BroadcastChannel, a no-op.
 */
import type { SyncStatus } from './sync-status-store.ts';

export type ChannelMessage = { type: 'status'; status: SyncStatus } | { type: 'kick' } | { type: 'pull' };

export class StatusChannel {
  private readonly channel: BroadcastChannel | null;

  constructor(userId: string, onMessage: (message: ChannelMessage) => void) {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`crewcamp-sync-${userId}`) : null;
    if (this.channel) this.channel.onmessage = (event: MessageEvent<ChannelMessage>) => onMessage(event.data);
  }

  post(message: ChannelMessage): void {
    this.channel?.postMessage(message);
  }

  close(): void {
    this.channel?.close();
  }
}
