/**
 * The chat's history as stretches with fixed bounds (useChatMessageRange): the newest stretch
 * first (the newest FIRST_PAGE messages, then, once the user has paged back, everything from the
 * first bound on), and one stretch of PAGE older messages per step back. Paging back reads only
 * the new stretch and a new message re-reads only the newest one, so a history of 10,000 messages
 * scrolls without a long frame when the next page comes in.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CHAT_RANGE_LOADING, useChatMessageRange, type ChatRange } from '../../data/use-chat-messages.ts';
import type { ChatMessageRow } from '../../db/row-schemas.ts';

export const FIRST_PAGE = 200;
export const PAGE = 500;

interface StretchProps {
  eventId: string;
  index: number;
  lower: string | null;
  upper: string | null;
  limit: number | null;
  onRange(index: number, range: ChatRange): void;
}

/** Reads one stretch and hands it up (renders nothing). */
export function HistoryStretch({ eventId, index, lower, upper, limit, onRange }: StretchProps) {
  const range = useChatMessageRange(eventId, lower, upper, limit);
  useEffect(() => onRange(index, range), [index, range, onRange]);
  return null;
}

export interface ChatHistory {
  /** Oldest first, without duplicates. */
  messages: ChatMessageRow[];
  /** The newest stretch has been read. */
  isLoaded: boolean;
  hasOlder: boolean;
  /** The stretches to render (each a HistoryStretch). */
  stretches: Array<Omit<StretchProps, 'onRange' | 'eventId'>>;
  onRange(index: number, range: ChatRange): void;
  /** Reads one more page of older messages (once the last one has arrived). */
  loadOlder(): void;
}

export function useChatHistory(): ChatHistory {
  const [bounds, setBounds] = useState<string[]>([]);
  const [ranges, setRanges] = useState<Record<number, ChatRange>>({});

  const stretches = useMemo(
    () =>
      Array.from({ length: bounds.length + 1 }, (_, i) => {
        const lower = bounds[i] ?? null;
        return {
          index: i,
          lower,
          upper: i === 0 ? null : bounds[i - 1],
          limit: lower !== null ? null : i === 0 ? FIRST_PAGE : PAGE,
        };
      }),
    [bounds],
  );

  // While a stretch re-reads (its bounds changed), it keeps showing what it had.
  const onRange = useCallback((index: number, range: ChatRange) => {
    if (range === CHAT_RANGE_LOADING) return;
    setRanges((current) => (current[index] === range ? current : { ...current, [index]: range }));
  }, []);

  const messages = useMemo(() => {
    const out: ChatMessageRow[] = [];
    const seen = new Set<string>();
    for (let i = bounds.length; i >= 0; i--) {
      for (const m of ranges[i]?.messages ?? []) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        out.push(m);
      }
    }
    return out;
  }, [bounds.length, ranges]);

  const last = ranges[bounds.length];
  const hasOlder = Boolean(last?.hasOlder);
  const oldest = messages[0]?.created_at ?? null;
  const loadOlder = useCallback(() => {
    if (!hasOlder || !oldest) return;
    setBounds((current) => (current.at(-1) === oldest ? current : [...current, oldest]));
  }, [hasOlder, oldest]);

  return { messages, isLoaded: ranges[0] !== undefined, hasOlder, stretches, onRange, loadOlder };
}
