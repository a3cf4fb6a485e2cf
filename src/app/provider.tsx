import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme/system.ts';

/**
 * A build writes Chakra's global styles (its reset, the global CSS, the tokens as CSS variables)
 * into every page's HTML (scripts/chakra-global-styles.ts): the provider hands Chakra the system
 * without them, so the browser neither builds nor inserts them at start. `vite dev` and the tests
 * have no such HTML and keep Chakra's own way.
 */
const provided = import.meta.env.DEV ? system : Object.create(system, { _global: { value: [] } });

export function AppProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={provided}>{children}</ChakraProvider>;
}
