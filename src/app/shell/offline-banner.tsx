import { Flex, Icon, Text } from '@chakra-ui/react';
import { WifiOff } from 'lucide-react';
import { useSyncStatus } from '../../data/index.ts';
import { RejectedChanges } from '../../features/notifications/rejected-changes.tsx';
import { useOnline } from './use-online.ts';

/** Shown while the device is offline (with how many changes wait), or while refused changes wait for the user. */
export function OfflineBanner() {
  const isOnline = useOnline();
  const pendingCount = useSyncStatus((status) => status.pendingCount);
  const rejectedCount = useSyncStatus((status) => status.rejectedCount);
  if (isOnline && !rejectedCount) return null;
  return (
    <Flex
      role="status"
      align="center"
      justify="center"
      wrap="wrap"
      gap="2"
      px="4"
      py="2"
      bg="ember.solid"
      color="ember.contrast"
    >
      {isOnline ? null : (
        <>
          <Icon as={WifiOff} boxSize="4" aria-hidden />
          <Text textStyle="sm" fontWeight="medium">
            You&apos;re offline. Some features may be limited.
            {pendingCount
              ? ` ${pendingCount === 1 ? '1 change waits' : `${pendingCount} changes wait`} to be sent.`
              : ''}
          </Text>
        </>
      )}
      <RejectedChanges />
    </Flex>
  );
}
