import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { usePwaUpdateStore } from './update-store.ts';

/**
 * Announces an installed, waiting new version (register-sw.ts) and applies it on the user's word:
 * Reload lets the new service worker take over, and the page reloads into the new version. The
 * outbox lives in IndexedDB, so nothing queued is lost by the reload.
 */
export function UpdatePrompt() {
  const { isUpdateReady, applyUpdate } = usePwaUpdateStore();
  const [isReloading, setReloading] = useState(false);
  if (!isUpdateReady) return null;
  return (
    <Box
      role="status"
      position="fixed"
      bottom={{ base: '4', md: '6' }}
      insetX="4"
      mx="auto"
      maxW="md"
      zIndex="toast"
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      shadow="lg"
      px="4"
      py="3"
    >
      <HStack justify="space-between" gap="3">
        <Text fontWeight="medium">A new version of CrewCamp is available</Text>
        <Button
          size="sm"
          loading={isReloading}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          Reload
        </Button>
      </HStack>
    </Box>
  );
}
