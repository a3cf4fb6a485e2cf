/**
 * Live reads of an event's group chat: a range of messages (the [event_id+created_at] index reads
 * only that range), which of them still wait in the outbox (shown as pending), search, the
 * reactions, and this user's read marker.
 */
import { chatMessageRowSchema, chatReactionRowSchema, chatReadMarkerRowSchema } from './sync/index.ts';
import type { ChatMessageRow, ChatReadMarkerRow } from './sync/chat-rows.ts';
import { parseOutbox, parseRow, parseRows } from '../../db/validated-read.ts';
import { getActiveSession, settledSession } from '../../sync/sync-session.ts';
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { useRowsWhere } from '../../data/use-rows.ts';

export const useChatReactions = (eventId: string | null | undefined) =>
  useRowsWhere('chatReactions', chatReactionRowSchema, 'event_id', eventId);

/** This user's read marker of the event's chat: undefined while loading, null when there is none. */
export function useChatReadMarker(eventId: string | null | undefined): ChatReadMarkerRow | null | undefined {
  // Wrapped: the live query answers its fallback for a null result.
  return useDeviceQuery<{ row: ChatReadMarkerRow | null } | undefined>(
    async (db) => ({
      row: eventId ? (parseRow(chatReadMarkerRowSchema, await db.chatReadMarkers.get(eventId)) ?? null) : null,
    }),
    [eventId],
    undefined,
  )?.row;
}

const NO_RESULTS: ChatMessageRow[] = [];
export const CHAT_SEARCH_LIMIT = 50;

/**
 * Search in the event's messages on the device (every synced message is there, so it works
 * offline): the newest first, at most CHAT_SEARCH_LIMIT, matching the words ignoring case.
 */
export function useChatSearch(eventId: string | null | undefined, query: string): ChatMessageRow[] {
  const needle = query.trim().toLocaleLowerCase();
  return useDeviceQuery(
    async (db) => {
      if (!eventId || !needle) return NO_RESULTS;
      const found = await db.chatMessages
        .where('[event_id+created_at]')
        .between([eventId, ''], [eventId, '\uffff'])
        .reverse()
        .filter((m) => !m.deleted_at && typeof m.body === 'string' && m.body.toLocaleLowerCase().includes(needle))
        .limit(CHAT_SEARCH_LIMIT)
        .toArray();
      return parseRows(chatMessageRowSchema, found);
    },
    [eventId, needle],
    NO_RESULTS,
  );
}

export interface ChatRange {
  /** Oldest first. */
  messages: ChatMessageRow[];
  /** With a limit: more messages exist before these. */
  hasOlder: boolean;
}

/** What useChatMessageRange answers until its first read (a read answers a new object). */
export const CHAT_RANGE_LOADING: ChatRange = { messages: [], hasOlder: false };

/**
 * One stretch of the history, live: the messages from `lower` to `upper` (created_at, both
 * included; null for open ends), the newest `limit` of them when a limit is given. The chat reads
 * its history as such stretches with fixed bounds, so paging back reads only the new stretch and a
 * new message re-reads only the newest one.
 */
export function useChatMessageRange(
  eventId: string | null | undefined,
  lower: string | null,
  upper: string | null,
  limit: number | null,
): ChatRange {
  return useDeviceQuery(
    async (db) => {
      if (!eventId) return CHAT_RANGE_LOADING;
      const newestFirst = db.chatMessages
        .where('[event_id+created_at]')
        .between([eventId, lower ?? ''], [eventId, upper ?? '\uffff'], true, true)
        .reverse();
      const rows = await (limit === null ? newestFirst : newestFirst.limit(limit + 1)).toArray();
      const hasOlder = limit !== null && rows.length > limit;
      return {
        messages: parseRows(chatMessageRowSchema, (hasOlder ? rows.slice(0, limit) : rows).reverse()),
        hasOlder,
      };
    },
    [eventId, lower, upper, limit],
    CHAT_RANGE_LOADING,
  );
}

const NO_PENDING: ReadonlySet<string> = new Set();

/** Ids of the chat messages written on this device that the server has not accepted yet. */
export function useChatPendingIds(): ReadonlySet<string> {
  return useDeviceQuery(
    async (db) => {
      const ids = new Set<string>();
      for (const entry of parseOutbox(
        await db.outbox.where('status').anyOf('pending', 'sending', 'needs-auth').toArray(),
      )) {
        const id = (entry.args as { id?: unknown }).id;
        if ((entry.kind === 'chat.send' || entry.kind === 'chat.send-photo') && typeof id === 'string') ids.add(id);
      }
      return ids.size === 0 ? NO_PENDING : ids;
    },
    [],
    NO_PENDING,
  );
}

/**
 * The created_at of the message `count` places before `upper` (the (count+1)-th at or before it,
 * newest first), or null when there are not that many: the lower bound of the next stretch back.
 * Reads index keys only (no rows), so finding it costs next to nothing.
 */
export async function chatBoundBefore(eventId: string, upper: string, count: number): Promise<string | null> {
  const session = getActiveSession() ?? (await settledSession());
  if (!session) return null;
  const keys = await session.db.chatMessages
    .where('[event_id+created_at]')
    .between([eventId, ''], [eventId, upper], true, true)
    .reverse()
    .offset(count)
    .limit(1)
    .keys();
  const key = keys[0] as unknown;
  return Array.isArray(key) && typeof key[1] === 'string' ? key[1] : null;
}
