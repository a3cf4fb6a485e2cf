import { Button, CloseButton, Flex, Icon, Text } from '@chakra-ui/react';
import { HardDrive } from 'lucide-react';
import { useState } from 'react';
import { dismissStorageWarning, useSyncStatus } from '../../data/index.ts';
import { useIsOnline } from '../../data/use-is-online.ts';

const DISMISSED_KEY = 'crewcamp-storage-warning-dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Storage trouble in words. A write that hit the quota: that change was not saved (until
 * dismissed). Persistent storage refused: the browser may clear the device's copy, which matters
 * only while it holds changes not yet sent, so it is said then (offline with changes waiting),
 * and never again once dismissed on this device.
 */
export function StorageWarning() {
  const quotaWarning = useSyncStatus((status) => status.storageWarning);
  const isPersistent = useSyncStatus((status) => status.isStoragePersistent);
  const pendingCount = useSyncStatus((status) => status.pendingCount);
  const isOnline = useIsOnline();
  const [isDismissed, setDismissed] = useState(wasDismissed);

  if (quotaWarning) {
    return (
      <Flex role="alert" align="start" gap="2" px="4" py="2" bg="red.subtle" color="red.fg" borderBottomWidth="1px">
        <Icon as={HardDrive} boxSize="4" mt="0.5" flexShrink={0} aria-hidden />
        <Text textStyle="sm" flex="1">
          {quotaWarning}
        </Text>
        <CloseButton size="2xs" aria-label="Dismiss storage warning" onClick={dismissStorageWarning} />
      </Flex>
    );
  }
  if (isPersistent !== false || isDismissed || isOnline || pendingCount === 0) return null;
  return (
    <Flex align="start" gap="2" px="4" py="2" bg="orange.subtle" color="fg" borderBottomWidth="1px">
      <Icon as={HardDrive} boxSize="4" mt="0.5" flexShrink={0} color="fg.warning" aria-hidden />
      <Text textStyle="sm" flex="1">
        Your browser may clear this app&apos;s storage when space runs low, and unsent changes with it. Go online soon
        to send them.
      </Text>
      <Button
        size="2xs"
        variant="ghost"
        onClick={() => {
          try {
            localStorage.setItem(DISMISSED_KEY, '1');
          } catch {
            // storage unavailable: dismissed for this page only
          }
          setDismissed(true);
        }}
      >
        Got it
      </Button>
    </Flex>
  );
}
