import { Flex, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

const LOADING_TEXT = 'Setting up your event experience...';

/** The full-screen loading view: while auth initialises, and as the lazy-load fallback. */
export function LoadingView() {
  return (
    <Flex minH="100dvh" direction="column" align="center" justify="center" gap="4" role="status" aria-live="polite">
      <Spinner size="lg" color="forest.solid" borderWidth="3px" />
      <Text color="fg.muted">{LOADING_TEXT}</Text>
    </Flex>
  );
}

/** Renders the loading view only after `delayMs` (300 ms), so fast loads show no flash. */
export function DelayedLoadingView({ delayMs = 300 }: { delayMs?: number }) {
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return isVisible ? <LoadingView /> : null;
}
