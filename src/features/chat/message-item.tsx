import { Clock, SmilePlus } from 'lucide-react';
import { memo } from 'react';
import type { Tier } from '../../access/tiers.ts';
import type { ChatMessageRow } from './sync/chat-rows.ts';
import type { ReactionSummary } from './chat-helpers.ts';
import { ChatPhotoThumb } from './chat-photo.tsx';
import { MessageActions } from './message-actions.tsx';
import { MessageText } from './message-text.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export interface MessageItemProps {
  message: ChatMessageRow;
  authorName: string;
  isMine: boolean;
  isPending: boolean;
  /** The same author's message just above, a moment before: no name and time again. */
  isContinued: boolean;
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
  onEdit(message: ChatMessageRow): void;
  onDelete(message: ChatMessageRow): void;
  onOpenPhoto(message: ChatMessageRow): void;
}

/**
 * One message: sender and time (once per group), text (links clickable), photo, pending, edited or
 * deleted state, reply quote, reactions, actions. Plain elements with one shared stylesheet
 * (message-styles.ts): a fast scroll mounts many of these per frame, so they skip the style props'
 * runtime work.
 */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { message, authorName, isMine, isPending, isContinued, replyName, replyBody, reactions } = props;
  const { isActionsOpen, isHighlighted } = props;
  const time = timeFormat.format(new Date(message.created_at));
  const isDeleted = Boolean(message.deleted_at);
  const classes = `cc-msg${isMine ? ' cc-mine' : ''}${isContinued ? ' cc-cont' : ''}`;
  return (
    <article
      className={classes}
      aria-label={`${authorName}, ${time}`}
      data-message-id={message.id}
      data-pending={isPending ? 'true' : undefined}
    >
      <div className="cc-line">
        <div className={`cc-bubble${isHighlighted ? ' cc-highlight' : ''}`}>
          {isContinued ? null : (
            <div className="cc-head">
              <span className="cc-author">
                {authorName}
                {message.imported ? <span className="cc-tag">Imported</span> : null}
              </span>
              <time className="cc-muted" dateTime={message.created_at}>
                {time}
              </time>
            </div>
          )}
          {isDeleted ? (
            <p className="cc-text cc-muted cc-deleted">This message was deleted</p>
          ) : (
            <>
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
              {message.photo_path ? (
                <ChatPhotoThumb
                  message={message}
                  label={`from ${authorName}, ${time}`}
                  onOpen={() => props.onOpenPhoto(message)}
                />
              ) : null}
              {message.body ? <MessageText body={message.body} /> : null}
            </>
          )}
          {isPending ? (
            <div className="cc-pending cc-muted">
              <Clock size="12" aria-hidden />
              Waiting to send
            </div>
          ) : message.edited_at && !isDeleted ? (
            <div className="cc-pending cc-muted">edited</div>
          ) : null}
        </div>
        {isPending || isDeleted ? null : (
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
      {reactions.length > 0 && !isDeleted ? (
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
      {isActionsOpen && !isDeleted ? (
        <MessageActions
          reactions={reactions}
          lockedTier={props.lockedTier}
          canEdit={isMine}
          canDelete={isMine}
          onReact={(emoji, on) => props.onReact(message, emoji, on)}
          onReply={() => props.onReply(message)}
          onEdit={() => props.onEdit(message)}
          onDelete={() => props.onDelete(message)}
        />
      ) : null}
    </article>
  );
});
