/**
 * Suspension reaches Realtime: a token stays valid until it expires, but once its user is banned
 * (auth.users.banned_until in the future) every channel joined with it is shut down, the way the
 * hosted server shuts a channel whose token is no longer good. Checked every `recheckMs` with one
 * query for all the users with a channel joined, in the lane that yields to API requests (the
 * dispatcher also leaves banned users out of every change it delivers meanwhile).
 */
import type { Database } from '../db.ts';
import { BANNED, bannedUsers, subOf } from './authorization.ts';
import type { Hub } from './hub.ts';

export class Guard {
  private readonly timer: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly hub: Hub,
    recheckMs: number,
    private readonly quiet: boolean,
  ) {
    this.timer = setInterval(() => void this.check(), recheckMs);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  async check(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const channels = this.hub.channels().filter((channel) => subOf(channel.auth) !== null);
      if (channels.length === 0) return;
      const banned = await bannedUsers(
        this.db,
        channels.map((channel) => subOf(channel.auth)!),
      );
      if (banned.size === 0) return;
      for (const channel of channels) {
        if (banned.has(subOf(channel.auth)!) && this.hub.has(channel)) channel.sink.shutdown(channel, BANNED);
      }
    } catch (error) {
      if (!this.quiet) console.error('[realtime] ban check failed', error);
    } finally {
      this.running = false;
    }
  }
}
