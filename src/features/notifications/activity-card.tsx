import { Box, HStack, LinkBox, LinkOverlay, Popover, Stack, Text } from '@chakra-ui/react';
import { formatDistanceToNow, parseISO } from 'date-fns';
import { Link as RouterLink } from 'react-router';
import type { NotificationItem } from './notification-items.ts';

interface ActivityCardProps {
  item: NotificationItem;
  /** Tapped: the item is read (its page opens through the link). */
  onOpen(): void;
}

/**
 * One notification that is not an invitation: the whole card is the link to the page it is about
 * (the chat, the list, the ride, ...); opening it marks it read and closes the bell's popover.
 */
export function ActivityCard({ item, onOpen }: ActivityCardProps) {
  const when = formatDistanceToNow(parseISO(item.createdAt), { addSuffix: true });
  return (
    <LinkBox
      as="li"
      p="3"
      minH="11"
      rounded="lg"
      bg={item.isRead ? undefined : 'forest.subtle'}
      _hover={{ bg: 'bg.muted' }}
      aria-label={item.isRead ? item.title : `${item.title} (unread)`}
    >
      <HStack align="start" gap="2">
        <Box
          as="span"
          aria-hidden
          mt="1.5"
          boxSize="2"
          flexShrink="0"
          rounded="full"
          bg={item.isRead ? 'transparent' : 'ember.solid'}
        />
        <Stack gap="0.5" minW="0">
          <Text fontWeight={item.isRead ? 'medium' : 'semibold'} textStyle="sm">
            {item.path ? (
              <Popover.CloseTrigger asChild>
                <LinkOverlay asChild>
                  <RouterLink to={item.path} onClick={onOpen} aria-label={item.title}>
                    {item.title}
                  </RouterLink>
                </LinkOverlay>
              </Popover.CloseTrigger>
            ) : (
              item.title
            )}
          </Text>
          {item.message ? (
            <Text textStyle="sm" color="fg.muted" lineClamp={2}>
              {item.message}
            </Text>
          ) : null}
          <Text textStyle="xs" color="fg.subtle">
            {when}
          </Text>
        </Stack>
      </HStack>
    </LinkBox>
  );
}
