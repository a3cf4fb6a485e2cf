/**
 * Marking notifications read: the read time is the server row's `read_at`, so it is shared by the
 * user's devices. Both kinds work offline (the device row shows read at once) and replay safely:
 * the server keeps the first read time and marks only what is still unread. Mark all read sends
 * the newest notification the device had shown (`before`, the server's own timestamp, untouched):
 * a replay after newer notifications arrived does not mark those read.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import type { CrewCampDb } from '../../../db/crewcamp-db.ts';

/** At most this many ids in one change (the server's limit). */
export const MAX_MARK_READ = 1000;

const markReadArgs = z.object({
  ids: z.array(z.string()).min(1).max(MAX_MARK_READ),
  at: z.string().optional(),
});

const markRead = kit.defineKind({
  name: 'notification.mark-read',
  args: markReadArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: () => [],
  async applyLocal(w, args) {
    for (const id of args.ids) {
      const row = await w.get('notifications', id);
      if (row && !row.read_at) await w.update('notifications', id, { read_at: args.at });
    }
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'mark_notifications_read', { p_ids: args.ids, p_read_at: args.at }),
  describe: (args) =>
    args.ids.length === 1 ? 'Mark a notification as read' : `Mark ${args.ids.length} notifications as read`,
});

/** The newest created_at of the device's notifications (of one event), as the server wrote it. */
async function newestShown(db: CrewCampDb, eventId: string | null): Promise<string | null> {
  let newest: string | null = null;
  let newestMs = -Infinity;
  const rows = eventId
    ? await db.notifications.where('event_id').equals(eventId).toArray()
    : await db.notifications.toArray();
  for (const row of rows) {
    const ms = Date.parse(row.created_at);
    if (ms > newestMs) [newest, newestMs] = [row.created_at, ms];
  }
  return newest;
}

const markAllArgs = z.object({
  eventId: z.string().nullable().optional(),
  /** Set by prepare: the newest notification the device had shown (null: none). */
  before: z.string().nullable().optional(),
  at: z.string().optional(),
});

const markAllRead = kit.defineKind({
  name: 'notification.mark-all-read',
  args: markAllArgs,
  async prepare(args, ctx) {
    const eventId = args.eventId ?? null;
    return { eventId, before: await newestShown(ctx.db, eventId), at: new Date(ctx.now).toISOString() };
  },
  refs: () => [],
  async applyLocal(w, args) {
    if (!args.before) return;
    const before = Date.parse(args.before);
    const rows = args.eventId
      ? await w.db.notifications.where('event_id').equals(args.eventId).toArray()
      : await w.db.notifications.toArray();
    for (const row of rows) {
      if (!row.read_at && Date.parse(row.created_at) <= before)
        await w.update('notifications', row.key, { read_at: args.at });
    }
  },
  async send({ client }, args) {
    // Nothing was shown: there is nothing this change may mark.
    if (!args.before) return { success: true, marked: 0 };
    return kit.callProcedure(client, 'mark_all_notifications_read', {
      p_event_id: args.eventId ?? undefined,
      p_before: args.before,
    });
  },
  describe: (args, ctx) => `Mark all notifications${kit.inEvent(ctx, 'of', args.eventId)} as read`,
});

export const notificationKinds = [markRead, markAllRead] as const;
