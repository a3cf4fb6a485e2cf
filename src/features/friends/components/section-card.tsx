import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled card of the friends page. */
export function SectionCard({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="2xl" bg="bg.panel" p={{ base: '4', md: '6' }}>
      <Stack gap="1" mb="4">
        <Heading as="h2" textStyle="lg">
          {title}
        </Heading>
        {text ? (
          <Text textStyle="sm" color="fg.muted">
            {text}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}
