import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The title block of a page inside the shell. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="2" mb="6">
      <Heading as="h1" textStyle={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
        {title}
      </Heading>
      {description ? <Text color="fg.muted">{description}</Text> : null}
      {children}
    </Stack>
  );
}
