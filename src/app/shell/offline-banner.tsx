import { Flex, Icon, Text } from '@chakra-ui/react';
import { WifiOff } from 'lucide-react';
import { useOnline } from './use-online.ts';

/** Shown while the device is offline. */
export function OfflineBanner() {
  const isOnline = useOnline();
  if (isOnline) return null;
  return (
    <Flex role="status" align="center" justify="center" gap="2" px="4" py="2" bg="ember.solid" color="ember.contrast">
      <Icon as={WifiOff} boxSize="4" aria-hidden />
      <Text textStyle="sm" fontWeight="medium">
        You&apos;re offline. Some features may be limited.
      </Text>
    </Flex>
  );
}
