import { Box, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Tier } from '../../access/tiers.ts';
import { mutate } from '../../data/index.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useChatPendingIds, useChatReactions, useChatReadMarker } from './use-chat-messages.ts';
import type { ChatMessageRow, ChatReactionRow } from './sync/chat-rows.ts';
import type { MemberRow } from '../events/index.ts';
import { continuesGroup, summarizeReactions, unread, withDaySeparators, type ReactionSummary } from './chat-helpers.ts';
import { ChatPhotoViewer } from './chat-photo.tsx';
import { HistoryStretch, useChatHistory } from './chat-history.tsx';
import { Composer } from './composer.tsx';
import { MessageItem } from './message-item.tsx';
import { MessageList, type ListRow } from './message-list.tsx';
import { useMessageChanges } from './use-message-changes.ts';

const NO_REACTIONS: ReactionSummary[] = [];

/** What a reply quotes of a message: its text, or that it is a photo. */
const quoteOf = (m: ChatMessageRow) => (m.photo_path ? `Photo${m.body ? `: ${m.body}` : ''}` : m.body);

interface ChatThreadProps {
  eventId: string;
  me: string;
  members: MemberRow[];
  /** Replies and reactions locked on this event's tier: the tier that has them. */
  lockedTier: Tier | null;
  /** A message to bring into view (from the search). */
  focusId: string | null;
  typingLine: string | null;
  onTyping(): void;
  onSent(): void;
}

/** The conversation: the history (paged back on demand), the unread line, and the composer. */
export function ChatThread(props: ChatThreadProps) {
  const { eventId, me, members, lockedTier, focusId, typingLine, onTyping, onSent } = props;
  const history = useChatHistory(eventId);
  const [dayCache] = useState(() => new WeakMap<ChatMessageRow, string>());
  const { messages, hasOlder, loadOlder } = history;
  const pendingIds = useChatPendingIds();
  const reactions = useChatReactions(eventId);
  const marker = useChatReadMarker(eventId);
  const [openActions, setOpenActions] = useState<string | null>(null);
  const [replyTo, setReplyTo] = useState<ChatMessageRow | null>(null);
  // The unread line stays where it was when the chat opened, while the marker moves on.
  const [frozenUnread, setFrozenUnread] = useState<{ firstId: string | null; count: number } | null>(null);
  const lastMarked = useRef<string | null>(null);

  if (frozenUnread === null && marker !== undefined && messages.length > 0) {
    setFrozenUnread(unread(messages, marker?.last_read_at, me));
  }

  const names = useMemo(() => new Map(members.map((m) => [m.user_id, m.name?.trim() || 'A member'])), [members]);
  const nameOf = useCallback(
    (m: ChatMessageRow) =>
      m.imported && !m.author_id
        ? (m.original_sender_name ?? 'Imported')
        : m.author_id === me
          ? 'You'
          : ((m.author_id && names.get(m.author_id)) ?? m.original_sender_name ?? 'Former member'),
    [me, names],
  );
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);
  // Per message, made once per change of the reactions (the rows stay memoized while scrolling).
  const reactionsByMessage = useMemo(() => {
    const grouped = new Map<string, ChatReactionRow[]>();
    for (const r of reactions) grouped.set(r.message_id, [...(grouped.get(r.message_id) ?? []), r]);
    const out = new Map<string, ReactionSummary[]>();
    for (const [id, list] of grouped) out.set(id, summarizeReactions(list, id, me));
    return out;
  }, [reactions, me]);

  const [rows, continued] = useMemo(() => {
    const out: ListRow[] = withDaySeparators(messages, undefined, dayCache);
    const firstId = frozenUnread?.firstId;
    if (firstId) {
      const at = out.findIndex((row) => row.type === 'message' && row.message.id === firstId);
      if (at >= 0) out.splice(at, 0, { type: 'unread', key: 'unread-line', count: frozenUnread.count });
    }
    // A message right under one of the same author (no day or unread line between) joins its group.
    const ids = new Set<string>();
    out.forEach((row, i) => {
      const above = out[i - 1];
      if (row.type === 'message' && above?.type === 'message' && continuesGroup(above.message, row.message))
        ids.add(row.message.id);
    });
    return [out, ids] as const;
  }, [messages, frozenUnread, dayCache]);
  const [viewing, setViewing] = useState<ChatMessageRow | null>(null);

  // A search result further back than what is read: page back until it is in.
  const needsOlder = Boolean(focusId && !byId.has(focusId) && hasOlder);
  useEffect(() => {
    if (needsOlder) loadOlder();
  }, [needsOlder, loadOlder]);

  // The newest message is in view: mark the chat read up to it (the server's newest, not a pending one).
  const onSeeNewest = useCallback(() => {
    if (marker === undefined || document.visibilityState !== 'visible') return;
    if (unread(messages, marker?.last_read_at, me).count === 0) return;
    const newest = messages.findLast((m) => !pendingIds.has(m.id));
    if (!newest || lastMarked.current === newest.id) return;
    lastMarked.current = newest.id;
    void mutate('chat.mark-read', { eventId, readAt: newest.created_at, messageId: newest.id }).catch(() => {
      lastMarked.current = null;
    });
  }, [eventId, marker, me, messages, pendingIds]);

  const onToggleActions = useCallback((id: string) => setOpenActions((open) => (open === id ? null : id)), []);
  const onReply = useCallback((m: ChatMessageRow) => {
    setReplyTo(m);
    setOpenActions(null);
    document.querySelector<HTMLTextAreaElement>('form[aria-label="Write a message"] textarea')?.focus();
  }, []);
  const onReact = useCallback(
    (m: ChatMessageRow, emoji: string, on: boolean) => {
      if (lockedTier) {
        setOpenActions(m.id);
        return;
      }
      setOpenActions(null);
      void mutate('chat.react', { eventId, messageId: m.id, emoji, on }).catch(() => {});
    },
    [eventId, lockedTier],
  );

  const [sentCount, setSentCount] = useState(0);
  const changes = useMessageChanges(
    eventId,
    () => (replyTo && !lockedTier ? replyTo.id : null),
    () => {
      setReplyTo(null);
      setSentCount((n) => n + 1);
      onSent();
    },
  );
  const { setEditing, setDeleting } = changes;
  const onEdit = useCallback(
    (m: ChatMessageRow) => {
      setEditing(m);
      setReplyTo(null);
      setOpenActions(null);
    },
    [setEditing],
  );
  const onDelete = useCallback(
    (m: ChatMessageRow) => {
      setDeleting(m);
      setOpenActions(null);
    },
    [setDeleting],
  );

  const renderMessage = (m: ChatMessageRow) => {
    const answered = m.reply_to_id ? byId.get(m.reply_to_id) : undefined;
    return (
      <MessageItem
        message={m}
        authorName={nameOf(m)}
        isMine={m.author_id === me && !m.imported}
        isPending={pendingIds.has(m.id)}
        isContinued={continued.has(m.id)}
        replyName={m.reply_to_id ? (answered && !answered.deleted_at ? nameOf(answered) : null) : undefined}
        replyBody={answered ? quoteOf(answered) : undefined}
        reactions={reactionsByMessage.get(m.id) ?? NO_REACTIONS}
        lockedTier={lockedTier}
        isActionsOpen={openActions === m.id}
        isHighlighted={focusId === m.id}
        onToggleActions={onToggleActions}
        onReply={onReply}
        onReact={onReact}
        onEdit={onEdit}
        onDelete={onDelete}
        onOpenPhoto={setViewing}
      />
    );
  };

  return (
    <>
      {history.stretches.map((stretch) => (
        <HistoryStretch key={stretch.index} eventId={eventId} onRange={history.onRange} {...stretch} />
      ))}
      {marker === undefined || !history.isLoaded ? (
        <Box flex="1" />
      ) : messages.length === 0 ? (
        <Box flex="1" display="grid" placeItems="center" px="4" textAlign="center">
          <Text color="fg.muted">No messages yet. Say hello to the crew!</Text>
        </Box>
      ) : (
        <MessageList
          rows={rows}
          hasOlder={hasOlder}
          initialKey={frozenUnread?.firstId ? 'unread-line' : null}
          focusKey={focusId && byId.has(focusId) ? focusId : null}
          endSignal={sentCount}
          onLoadOlder={loadOlder}
          onSeeNewest={onSeeNewest}
          renderMessage={renderMessage}
        />
      )}
      <Text textStyle="xs" color="fg.muted" minH="5" px="2" aria-live="polite">
        {typingLine ?? ''}
      </Text>
      <Composer
        key={changes.editing?.id ?? 'new'}
        replyTo={replyTo ? { name: nameOf(replyTo), body: quoteOf(replyTo) } : null}
        onCancelReply={() => setReplyTo(null)}
        editing={changes.editing}
        onCancelEdit={() => setEditing(null)}
        onSend={changes.onSend}
        onSendPhoto={changes.onSendPhoto}
        onTyping={onTyping}
      />
      {changes.deleting ? (
        <ConfirmDialog
          title="Delete this message?"
          body="Everyone in the chat will see that a message was deleted."
          confirmLabel="Delete"
          isDestructive
          onConfirm={changes.confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
      {viewing ? (
        <ChatPhotoViewer message={viewing} title={`Photo from ${nameOf(viewing)}`} onClose={() => setViewing(null)} />
      ) : null}
    </>
  );
}
