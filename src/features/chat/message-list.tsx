import { Box, HStack, Spinner, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ChatMessageRow } from './sync/chat-rows.ts';
import type { ChatRow } from './chat-helpers.ts';
import { MESSAGE_CSS } from './message-styles.ts';

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** Within this many pixels of an end, the list counts as there. */
const NEAR = 120;

export type ListRow = ChatRow<ChatMessageRow> | { type: 'unread'; key: string; count: number };

interface MessageListProps {
  rows: ListRow[];
  hasOlder: boolean;
  /** Where the list opens: this row's key (the unread line), else the end. */
  initialKey: string | null;
  /** A row to bring into view (a search result); changes of it scroll. */
  focusKey: string | null;
  /** Changes when the user sends: the list goes to the end. */
  endSignal: number;
  onLoadOlder(): void;
  /** The newest row is in view (the user has seen it). */
  onSeeNewest(): void;
  renderMessage(message: ChatMessageRow): ReactNode;
}

function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return dayFormat.format(new Date(y, m - 1, d));
}

/**
 * The history, virtualized (only the rows in view are in the page, so 10,000 messages scroll as
 * smoothly as 10): newest at the bottom, staying there as messages arrive while the user is at the
 * end; reaching the top asks for older messages and keeps the row in view where it was.
 */
export function MessageList(props: MessageListProps) {
  const { rows, hasOlder, initialKey, focusKey, endSignal, onLoadOlder, onSeeNewest, renderMessage } = props;
  const parentRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const opened = useRef(false);
  const anchor = useRef<{ key: string; delta: number } | null>(null);
  const lastKey = rows.at(-1)?.key ?? null;

  // Stable between renders of the same rows: the virtualizer recomputes every row's position
  // (O(rows)) whenever getItemKey changes identity, which on every scroll frame was most of the
  // frame with 10,000 messages.
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const estimateSize = useCallback((i: number) => (rows[i]?.type === 'message' ? 76 : 40), [rows]);

  // The virtualizer keeps its own state outside React; this component does not rely on memoizing it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize,
    getItemKey,
    overscan: 6,
    paddingStart: 8,
    paddingEnd: 8,
  });

  const rememberAnchor = () => {
    const el = parentRef.current;
    const first = virtualizer.getVirtualItems().find((item) => item.end > (el?.scrollTop ?? 0));
    anchor.current = first && el ? { key: String(first.key), delta: first.start - el.scrollTop } : null;
  };

  // Open at the unread line or the end; keep the anchor row in place when older rows come in.
  useLayoutEffect(() => {
    const el = parentRef.current;
    if (!el || rows.length === 0) return;
    if (!opened.current) {
      opened.current = true;
      const index = initialKey ? rows.findIndex((row) => row.key === initialKey) : -1;
      if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
      else virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    } else if (anchor.current && !atBottom.current) {
      const index = rows.findIndex((row) => row.key === anchor.current!.key);
      const start = index >= 0 ? virtualizer.measurementsCache[index]?.start : undefined;
      if (start !== undefined) {
        const target = start - anchor.current.delta;
        if (Math.abs(target - el.scrollTop) > 1) el.scrollTop = target;
      }
    }
    rememberAnchor();
    // rows is what changes; the virtualizer is the same object throughout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);

  // Still at the top when older messages came in (or when the last page was still on its way as
  // the top was reached): ask for the next page, as no scroll event will come to ask for it.
  useEffect(() => {
    const el = parentRef.current;
    if (el && opened.current && hasOlder && el.scrollTop < NEAR * 4) onLoadOlder();
  }, [rows, hasOlder, onLoadOlder]);

  // New messages at the end: follow them when the user is there.
  useEffect(() => {
    if (lastKey && opened.current && atBottom.current) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastKey]);

  useEffect(() => {
    if (endSignal === 0) return;
    atBottom.current = true;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endSignal]);

  useEffect(() => {
    if (!focusKey) return;
    const index = rows.findIndex((row) => row.key === focusKey);
    if (index >= 0) {
      atBottom.current = false;
      virtualizer.scrollToIndex(index, { align: 'center' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey, rows.length]);

  const items = virtualizer.getVirtualItems();
  const seesNewest = items.length > 0 && items[items.length - 1].index === rows.length - 1;
  useEffect(() => {
    if (seesNewest) onSeeNewest();
  }, [seesNewest, lastKey, onSeeNewest]);

  const onScroll = () => {
    const el = parentRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR;
    rememberAnchor();
    if (hasOlder && el.scrollTop < NEAR * 4) onLoadOlder();
  };

  return (
    <Box
      ref={parentRef}
      role="region"
      aria-label="Messages"
      tabIndex={0}
      onScroll={onScroll}
      flex="1"
      minH="0"
      overflowY="auto"
      overscrollBehavior="contain"
      data-testid="chat-scroller"
      css={{ overflowAnchor: 'none' }}
    >
      <style href="cc-chat-message" precedence="default">
        {MESSAGE_CSS}
      </style>
      <div style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {item.index === 0 && hasOlder ? (
                <HStack justify="center" py="2" color="fg.muted">
                  <Spinner size="xs" />
                  <Text textStyle="xs">Loading earlier messages…</Text>
                </HStack>
              ) : null}
              {row.type === 'message' ? (
                renderMessage(row.message)
              ) : row.type === 'day' ? (
                <div className="cc-sep cc-muted" role="separator" aria-label={dayLabel(row.day)}>
                  <span>{dayLabel(row.day)}</span>
                </div>
              ) : (
                <div className="cc-sep cc-unread" data-testid="unread-line">
                  <span>{row.count === 1 ? '1 new message' : `${row.count} new messages`}</span>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
