/**
 * Announcements and following (organizer events), all working offline and sent once:
 * - posting: a new row with its id made on the device, so a replay is the same announcement (the
 *   database lets managers post, priority only on organizer events, and notifies every member);
 * - marking one seen ("Got it"): the seen mark shows at once and unpins it; the procedure is
 *   idempotent and also marks the user's announcement notification read;
 * - following an event's activity: sets the follow on or off (the procedure sets a value, so a
 *   replay changes nothing more).
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { announcementReadKey, eventFollowKey } from './announcement-rows.ts';
import { announcementsSource } from './announcement-sources.ts';

const eventRef = kit.refTo('event');
const announcementRef = kit.refTo('announcement');

/** The database's limits (public.announcements' checks). */
const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2000;

const postArgs = z.object({
  id: z.string().optional(),
  eventId: z.string(),
  title: z.string().nullable().optional(),
  body: z.string(),
  priority: z.boolean(),
  at: z.string().optional(),
});

const postAnnouncementRow = kit.createRowKind('announcement.post', announcementsSource, announcementRef, {
  args: postArgs,
  validate(args) {
    const body = args.body.trim();
    if (!body) throw new kit.MutationValidationError('Write the announcement');
    if (body.length > ANNOUNCEMENT_BODY_MAX)
      throw new kit.MutationValidationError(`An announcement can have at most ${ANNOUNCEMENT_BODY_MAX} characters`);
    if ((kit.given(args.title)?.length ?? 0) > ANNOUNCEMENT_TITLE_MAX)
      throw new kit.MutationValidationError(`A title can have at most ${ANNOUNCEMENT_TITLE_MAX} characters`);
  },
  needs: (args) => [eventRef(args.eventId)],
  row: (args, existing, userId) => ({
    key: args.id,
    id: args.id,
    event_id: args.eventId,
    author_id: existing?.author_id ?? userId,
    title: kit.given(args.title),
    body: args.body.trim(),
    priority: args.priority,
    ...kit.madeAt(existing, args.at),
  }),
  insert: (args) => ({
    id: args.id,
    event_id: args.eventId,
    title: kit.given(args.title),
    body: args.body.trim(),
    priority: args.priority,
  }),
  describe: (args, ctx) =>
    `Post ${args.priority ? 'a priority announcement' : 'an announcement'}${kit.inEvent(ctx, 'to', args.eventId)}`,
});

/** The policy's refusal (a member who does not manage the event, e.g. demoted meanwhile) in the user's words. */
const ANNOUNCEMENT_MANAGERS_ONLY = "Only the event's creator and admins can post announcements";

const postAnnouncement = {
  ...postAnnouncementRow,
  async send(
    ctx: Parameters<typeof postAnnouncementRow.send>[0],
    args: Parameters<typeof postAnnouncementRow.send>[1],
  ) {
    try {
      return await postAnnouncementRow.send(ctx, args);
    } catch (error) {
      if (error instanceof kit.SendFailure && /row-level security/i.test(error.message))
        throw kit.failure(403, '42501', ANNOUNCEMENT_MANAGERS_ONLY);
      throw error;
    }
  },
};

const seenArgs = z.object({ eventId: z.string(), announcementId: z.string(), at: z.string().optional() });

const markSeen = kit.defineKind({
  name: 'announcement.mark-seen',
  args: seenArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [eventRef(args.eventId), announcementRef(args.announcementId)],
  async applyLocal(w, args) {
    const key = announcementReadKey(args.announcementId, w.userId);
    if (!(await w.get('announcementReads', key))) {
      await w.put('announcementReads', {
        key,
        announcement_id: args.announcementId,
        event_id: args.eventId,
        user_id: w.userId,
        seen_at: args.at,
        updated_at: args.at,
      });
    }
    // As the server does: the announcement's notification is read too.
    for (const row of await w.db.notifications.where('event_id').equals(args.eventId).toArray()) {
      if (!row.read_at && row.kind === 'announcement' && row.data.announcement_id === args.announcementId)
        await w.update('notifications', row.key, { read_at: args.at });
    }
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'mark_announcement_seen', { p_announcement_id: args.announcementId }),
  describe: (args, ctx) => `Mark an announcement as seen${kit.inEvent(ctx, 'in', args.eventId)}`,
});

const followArgs = z.object({ eventId: z.string(), follow: z.boolean(), at: z.string().optional() });

const setFollow = kit.defineKind({
  name: 'event.set-follow',
  args: followArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [eventRef(args.eventId)],
  async applyLocal(w, args) {
    const key = eventFollowKey(args.eventId, w.userId);
    if (!args.follow) return w.delete('eventFollows', key);
    if (await w.get('eventFollows', key)) return;
    await w.put('eventFollows', { key, event_id: args.eventId, user_id: w.userId, updated_at: args.at });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'set_event_follow', { p_event_id: args.eventId, p_follow: args.follow }),
  describe: (args, ctx) =>
    args.follow
      ? `Follow all activity${kit.inEvent(ctx, 'of', args.eventId)}`
      : `Stop following the activity${kit.inEvent(ctx, 'of', args.eventId)}`,
});

export const announcementKinds = [postAnnouncement, markSeen, setFollow] as const;
