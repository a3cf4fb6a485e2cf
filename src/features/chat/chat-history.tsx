/**
 * The chat's history as stretches with fixed bounds (useChatMessageRange): first the newest
 * FIRST_PAGE messages; once the user pages back, everything from the first bound on, and one
 * stretch of PAGE older messages per step back, its lower bound found beforehand from the index
 * keys alone. A step back reads only its own stretch, and a new message re-reads only the newest
 * one, so a history of 10,000 messages scrolls without a long frame when the next page comes in.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CHAT_RANGE_LOADING, chatBoundBefore, useChatMessageRange, type ChatRange } from './use-chat-messages.ts';
import type { ChatMessageRow } from './sync/chat-rows.ts';

const FIRST_PAGE = 200;
const PAGE = 200;

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

type Stretch = Omit<StretchProps, 'onRange' | 'eventId'>;

export interface ChatHistory {
  /** Oldest first, without duplicates. */
  messages: ChatMessageRow[];
  /** The newest stretch has been read. */
  isLoaded: boolean;
  hasOlder: boolean;
  /** The stretches to render (each a HistoryStretch). */
  stretches: Stretch[];
  onRange(index: number, range: ChatRange): void;
  /** Reads one more page of older messages (once the last one has arrived). */
  loadOlder(): void;
}

export function useChatHistory(eventId: string): ChatHistory {
  // bounds[0]: where the newest stretch starts; bounds[i]: the lower bound of stretch i.
  const [bounds, setBounds] = useState<string[]>([]);
  // No message before the last bound: the last stretch reaches back to the first message.
  const [isComplete, setComplete] = useState(false);
  const [ranges, setRanges] = useState<Record<number, ChatRange>>({});
  const isFinding = useRef(false);

  const stretches = useMemo((): Stretch[] => {
    if (bounds.length === 0) return [{ index: 0, lower: null, upper: null, limit: FIRST_PAGE }];
    const out = bounds.map((lower, i): Stretch => ({
      index: i,
      lower,
      upper: i === 0 ? null : bounds[i - 1],
      limit: null,
    }));
    if (isComplete) out.push({ index: bounds.length, lower: null, upper: bounds[bounds.length - 1], limit: null });
    return out;
  }, [bounds, isComplete]);

  // While a stretch re-reads (its bounds changed), it keeps showing what it had.
  const onRange = useCallback((index: number, range: ChatRange) => {
    if (range === CHAT_RANGE_LOADING) return;
    setRanges((current) => (current[index] === range ? current : { ...current, [index]: range }));
  }, []);

  const messages = useMemo(() => {
    const out: ChatMessageRow[] = [];
    const seen = new Set<string>();
    for (let i = stretches.length - 1; i >= 0; i--) {
      for (const m of ranges[i]?.messages ?? []) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        out.push(m);
      }
    }
    return out;
  }, [stretches.length, ranges]);

  const lastIndex = stretches.length - 1;
  const isLastRead = ranges[lastIndex] !== undefined;
  const hasOlder = bounds.length === 0 ? Boolean(ranges[0]?.hasOlder) : !isComplete;
  const oldest = messages[0]?.created_at ?? null;

  const loadOlder = useCallback(() => {
    if (!hasOlder || !isLastRead || isFinding.current) return;
    const upper = bounds.at(-1) ?? oldest;
    if (!upper) return;
    isFinding.current = true;
    void chatBoundBefore(eventId, upper, PAGE)
      .then((lower) => {
        setBounds((current) => {
          const next = current.length === 0 ? [upper] : current;
          return lower ? [...next, lower] : next;
        });
        if (!lower) setComplete(true);
      })
      .finally(() => {
        isFinding.current = false;
      });
  }, [eventId, hasOlder, isLastRead, bounds, oldest]);

  return { messages, isLoaded: ranges[0] !== undefined, hasOlder, stretches, onRange, loadOlder };
}
