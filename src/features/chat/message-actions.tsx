import { Box, Button, HStack, IconButton } from '@chakra-ui/react';
import { CornerUpLeft, Pencil, Trash2 } from 'lucide-react';
import type { Tier } from '../../access/tiers.ts';
import { UpgradeNotice } from '../../components/upgrade-prompt.tsx';
import type { ReactionSummary } from './chat-helpers.ts';

const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '🎉', '🙏'];

interface MessageActionsProps {
  reactions: ReactionSummary[];
  /** Replies and reactions are open on this event's tier; else the tier to show in the prompt. */
  lockedTier: Tier | null;
  /** One's own message: edit (text only) and delete, on every tier. */
  canEdit: boolean;
  canDelete: boolean;
  onReact(emoji: string, on: boolean): void;
  onReply(): void;
  onEdit(): void;
  onDelete(): void;
}

/** What can be done with a message: react, reply, and for one's own, edit and delete. */
export function MessageActions(props: MessageActionsProps) {
  const { reactions, lockedTier, canEdit, canDelete } = props;
  return (
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
                onClick={() => props.onReact(emoji, !mine)}
              >
                <span aria-hidden>{emoji}</span>
              </IconButton>
            );
          })}
          <Button size="sm" variant="outline" onClick={props.onReply}>
            <CornerUpLeft aria-hidden />
            Reply
          </Button>
        </HStack>
      )}
      {canEdit || canDelete ? (
        <HStack gap="2" mt="1" wrap="wrap" justify="flex-end" role="group" aria-label="Your message">
          {canEdit ? (
            <Button size="sm" variant="outline" onClick={props.onEdit}>
              <Pencil aria-hidden />
              Edit
            </Button>
          ) : null}
          {canDelete ? (
            <Button size="sm" variant="outline" colorPalette="red" onClick={props.onDelete}>
              <Trash2 aria-hidden />
              Delete
            </Button>
          ) : null}
        </HStack>
      ) : null}
    </Box>
  );
}
