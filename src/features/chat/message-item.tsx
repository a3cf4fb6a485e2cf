import { Box, Button, HStack, IconButton } from '@chakra-ui/react';
import { Clock, CornerUpLeft, SmilePlus } from 'lucide-react';
import { memo } from 'react';
import type { Tier } from '../../access/tiers.ts';
import type { ChatMessageRow } from './sync/chat-rows.ts';
import type { ReactionSummary } from './chat-helpers.ts';
import { MessageText } from './message-text.tsx';
import { UpgradeNotice } from '../../components/upgrade-prompt.tsx';

const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '🎉', '🙏'];

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export interface MessageItemProps {
  message: ChatMessageRow;
  authorName: string;
  isMine: boolean;
  isPending: boolean;
  /** A reply: the answered message's author (null when it is not on the device, or deleted); undefined for no reply. */
  replyName: string | null | undefined;
  replyBody: string | undefined;
  reactions: ReactionSummary[];
  /** Replies and reactions are open on this event's tier; else the tier to show in the prompt. */
  lockedTier: Tier | null;
  isActionsOpen: boolean;
  isHighlighted: boolean;
  onToggleActions(id: string): void;
  onReply(message: ChatMessageRow): void;
  onReact(message: ChatMessageRow, emoji: string, on: boolean): void;
}

/**
 * One message: sender, time, text (links clickable), pending state, reply quote, reactions, actions.
 * Plain elements with one shared stylesheet (message-styles.ts): a fast scroll mounts many of
 * these per frame, so they skip the style props' runtime work.
 */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { message, authorName, isMine, isPending, replyName, replyBody, reactions, lockedTier } = props;
  const { isActionsOpen, isHighlighted } = props;
  const time = timeFormat.format(new Date(message.created_at));
  return (
    <article
      className={`cc-msg${isMine ? ' cc-mine' : ''}`}
      aria-label={`${authorName}, ${time}`}
      data-message-id={message.id}
      data-pending={isPending ? 'true' : undefined}
    >
      <div className="cc-line">
        <div className={`cc-bubble${isHighlighted ? ' cc-highlight' : ''}`}>
          <div className="cc-head">
            <span className="cc-author">
              {authorName}
              {message.imported ? <span className="cc-tag">Imported</span> : null}
            </span>
            <time className="cc-muted" dateTime={message.created_at}>
              {time}
            </time>
          </div>
          {replyName !== undefined ? (
            <div className="cc-quote cc-muted">
              {replyName === null ? (
                'Reply to an earlier message'
              ) : (
                <>
                  <strong>{replyName}</strong>: {replyBody}
                </>
              )}
            </div>
          ) : null}
          <MessageText body={message.body} />
          {isPending ? (
            <div className="cc-pending cc-muted">
              <Clock size="12" aria-hidden />
              Waiting to send
            </div>
          ) : null}
        </div>
        {isPending ? null : (
          <button
            type="button"
            className="cc-icon"
            aria-label={`Reply or react to ${authorName}'s message`}
            aria-expanded={isActionsOpen}
            onClick={() => props.onToggleActions(message.id)}
          >
            <SmilePlus size="18" aria-hidden />
          </button>
        )}
      </div>
      {reactions.length > 0 ? (
        <div className="cc-reactions">
          {reactions.map((r) => (
            <button
              type="button"
              key={r.emoji}
              className={`cc-chip${r.mine ? ' cc-chip-mine' : ''}`}
              aria-pressed={r.mine}
              aria-label={`${r.emoji} ${r.count}${r.mine ? ', yours' : ''}`}
              onClick={() => props.onReact(message, r.emoji, !r.mine)}
            >
              {r.emoji} {r.count}
            </button>
          ))}
        </div>
      ) : null}
      {isActionsOpen ? (
        <Box maxW={{ base: '100%', md: '75%' }}>
          {lockedTier ? (
            <UpgradeNotice tier={lockedTier} />
          ) : (
            <HStack gap="1" wrap="wrap" role="group" aria-label="Message actions">
              {QUICK_REACTIONS.map((emoji) => {
                const mine = reactions.some((r) => r.emoji === emoji && r.mine);
                return (
                  <IconButton
                    key={emoji}
                    size="sm"
                    variant={mine ? 'subtle' : 'ghost'}
                    aria-label={`React with ${emoji}`}
                    aria-pressed={mine}
                    onClick={() => props.onReact(message, emoji, !mine)}
                  >
                    <span aria-hidden>{emoji}</span>
                  </IconButton>
                );
              })}
              <Button size="sm" variant="outline" onClick={() => props.onReply(message)}>
                <CornerUpLeft aria-hidden />
                Reply
              </Button>
            </HStack>
          )}
        </Box>
      ) : null}
    </article>
  );
});
