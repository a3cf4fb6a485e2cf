import { Button, Flex, Icon, Spinner, Text } from '@chakra-ui/react';
import { CircleCheck, KeyRound, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSyncStatus } from '../../data/index.ts';
import { useIsOnline } from '../../data/use-is-online.ts';
import { signInAgain } from '../auth/index.ts';
import { bannerMessage } from './sync-phase.ts';
import { useSyncPhase } from './use-sync-phase.ts';

const LOOKS = {
  'needs-auth': { bg: 'orange.subtle', color: 'fg', icon: <Icon as={KeyRound} boxSize="4" aria-hidden /> },
  offline: { bg: 'ember.solid', color: 'ember.contrast', icon: <Icon as={WifiOff} boxSize="4" aria-hidden /> },
  syncing: { bg: 'bg.muted', color: 'fg', icon: <Spinner size="xs" aria-hidden /> },
  saved: { bg: 'green.subtle', color: 'green.fg', icon: <Icon as={CircleCheck} boxSize="4" aria-hidden /> },
} as const;

interface SyncBannerProps {
  /** The refused-changes button, shown beside the message (or alone when there is none). */
  rejected: ReactNode;
  hasRejected: boolean;
  loginHref: string;
}

/**
 * The shell's one line about syncing (role status, polite): offline with how many changes wait,
 * sending, sign-in needed, or all saved; beside it the changes the server refused.
 */
export function SyncBanner({ rejected, hasRejected, loginHref }: SyncBannerProps) {
  const isOnline = useIsOnline();
  const phase = useSyncPhase();
  const pendingCount = useSyncStatus((status) => status.pendingCount);
  const needsAuth = useSyncStatus((status) => status.needsAuth);
  const message = bannerMessage({ isOnline, pendingCount, needsAuth, phase, hasRejected });
  if (!message && !hasRejected) return null;
  const look = LOOKS[message?.kind ?? 'syncing'];
  return (
    <Flex
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      wrap="wrap"
      columnGap="3"
      rowGap="1.5"
      px="4"
      py="2"
      bg={message ? look.bg : 'bg.subtle'}
      color={message ? look.color : 'fg'}
      borderBottomWidth={message?.kind === 'offline' ? undefined : '1px'}
    >
      {message ? (
        <Flex align="center" gap="2" minW="0">
          {look.icon}
          <Text textStyle="sm" fontWeight="medium">
            {message.text}
          </Text>
        </Flex>
      ) : null}
      {message?.kind === 'needs-auth' ? (
        <Button size="xs" colorPalette="orange" onClick={() => void signInAgain(loginHref)}>
          Sign in again
        </Button>
      ) : null}
      {rejected}
    </Flex>
  );
}
