import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One section of the sheet: a heading, its content; a new page when printed. */
export function SheetSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-label={title}
      data-sheet-section={id}
      borderWidth="1px"
      rounded="lg"
      bg="bg.panel"
      p={{ base: '4', md: '6' }}
    >
      <Stack gap="3">
        <Heading as="h2" textStyle="xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

/** What a section says when it has nothing to list. */
export function Nothing({ children }: { children: string }) {
  return <Text color="fg.muted">{children}</Text>;
}

/** A phone number to call (tappable on phones; printed as the number). */
export function PhoneLink({ phone }: { phone: string }) {
  const href = `tel:${phone.startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
  return (
    <Link href={href} color="colorPalette.fg" textDecoration="underline" minH="6">
      {phone}
    </Link>
  );
}
