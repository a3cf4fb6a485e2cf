import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled card of an admin tab. */
export function AdminSection({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="xl" bg="bg.panel" p={{ base: '4', md: '6' }}>
      <Stack gap="1" mb="4">
        <Heading as="h3" textStyle="lg">
          {title}
        </Heading>
        {text ? (
          <Text color="fg.muted" textStyle="sm">
            {text}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}
