import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Clock, CornerUpLeft, SmilePlus } from 'lucide-react';
import { memo } from 'react';
import type { Tier } from '../../access/tiers.ts';
import type { ChatMessageRow } from '../../db/row-schemas.ts';
import type { ReactionSummary } from './chat-helpers.ts';
import { MessageText } from './message-text.tsx';
import { UpgradeNotice } from './upgrade-notice.tsx';

export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '🎉', '🙏'];

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export interface MessageItemProps {
  message: ChatMessageRow;
  authorName: string;
  isMine: boolean;
  isPending: boolean;
  /** The message answered: its author and text; 'missing' when it is not on the device (or deleted). */
  replyTo: { name: string; body: string } | 'missing' | null;
  reactions: ReactionSummary[];
  /** Replies and reactions are open on this event's tier; else the tier to show in the prompt. */
  lockedTier: Tier | null;
  isActionsOpen: boolean;
  isHighlighted: boolean;
  onToggleActions(id: string): void;
  onReply(message: ChatMessageRow): void;
  onReact(message: ChatMessageRow, emoji: string, on: boolean): void;
}

/** One message: sender, time, text (links clickable), pending state, reply quote, reactions, actions. */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { message, authorName, isMine, isPending, replyTo, reactions, lockedTier, isActionsOpen, isHighlighted } =
    props;
  const time = timeFormat.format(new Date(message.created_at));
  return (
    <Stack
      as="article"
      aria-label={`${authorName}, ${time}`}
      data-message-id={message.id}
      data-pending={isPending ? 'true' : undefined}
      gap="1"
      align={isMine ? 'end' : 'start'}
      px={{ base: '2', md: '4' }}
      py="1"
    >
      <HStack gap="1" align="center" flexDirection={isMine ? 'row-reverse' : 'row'} maxW={{ base: '92%', md: '75%' }}>
        <Box
          minW="0"
          bg={isMine ? 'colorPalette.subtle' : 'bg.muted'}
          colorPalette="forest"
          rounded="xl"
          px="3"
          py="2"
          outline={isHighlighted ? '2px solid' : undefined}
          outlineColor="colorPalette.solid"
        >
          <HStack gap="2" justify="space-between" align="baseline" wrap="wrap">
            <Text textStyle="xs" fontWeight="semibold">
              {authorName}
              {message.imported ? (
                <Badge ms="2" size="xs" variant="outline">
                  Imported
                </Badge>
              ) : null}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              <time dateTime={message.created_at}>{time}</time>
            </Text>
          </HStack>
          {replyTo ? (
            <Box borderStartWidth="3px" borderColor="colorPalette.solid" ps="2" my="1" color="fg.muted">
              {replyTo === 'missing' ? (
                <Text textStyle="xs">Reply to an earlier message</Text>
              ) : (
                <Text textStyle="xs" lineClamp={2}>
                  <strong>{replyTo.name}</strong>: {replyTo.body}
                </Text>
              )}
            </Box>
          ) : null}
          <MessageText body={message.body} />
          {isPending ? (
            <HStack gap="1" color="fg.muted" mt="1" justify="end">
              <Clock size="12" aria-hidden />
              <Text textStyle="xs">Waiting to send</Text>
            </HStack>
          ) : null}
        </Box>
        {isPending ? null : (
          <IconButton
            size="xs"
            variant="ghost"
            color="fg.muted"
            flexShrink={0}
            aria-label={`Reply or react to ${authorName}'s message`}
            aria-expanded={isActionsOpen}
            onClick={() => props.onToggleActions(message.id)}
          >
            <SmilePlus aria-hidden />
          </IconButton>
        )}
      </HStack>
      {reactions.length > 0 ? (
        <HStack gap="1" wrap="wrap" justify={isMine ? 'end' : 'start'} maxW={{ base: '85%', md: '70%' }}>
          {reactions.map((r) => (
            <Button
              key={r.emoji}
              size="2xs"
              variant={r.mine ? 'subtle' : 'outline'}
              aria-pressed={r.mine}
              aria-label={`${r.emoji} ${r.count}${r.mine ? ', yours' : ''}`}
              onClick={() => props.onReact(message, r.emoji, !r.mine)}
            >
              {r.emoji} {r.count}
            </Button>
          ))}
        </HStack>
      ) : null}
      {isActionsOpen ? (
        <Box maxW={{ base: '100%', md: '70%' }}>
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
    </Stack>
  );
});
