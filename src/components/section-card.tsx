import { Box, Card, Heading, HStack, Stack, Text, type CardBodyProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SectionCardProps {
  /** The heading, and the section's accessible name. */
  title: string;
  /** An icon before the heading (decorative). */
  icon?: ReactNode;
  /** A side card's heading is 'md'; a card of the page's main column is 'lg'. */
  titleSize?: 'md' | 'lg';
  gap?: CardBodyProps['gap'];
  children: ReactNode;
}

/** A card that is a named section of its page, with its heading (and an icon). */
export function SectionCard({ title, icon, titleSize = 'md', gap, children }: SectionCardProps) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Body gap={gap ?? (titleSize === 'lg' ? '4' : '2')}>
        <HStack gap="2">
          {icon}
          <Heading as="h2" textStyle={titleSize}>
            {title}
          </Heading>
        </HStack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

interface PanelSectionProps {
  title: string;
  /** A line under the heading. */
  text?: string;
  /** The heading's level in the page's outline. */
  headingLevel?: 'h2' | 'h3';
  children: ReactNode;
}

/** A titled panel of a tab page (admin settings, friends): heading, a line on what it is for, the content. */
export function PanelSection({ title, text, headingLevel = 'h2', children }: PanelSectionProps) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="2xl" bg="bg.panel" p={{ base: '4', md: '6' }}>
      <Stack gap="1" mb="4">
        <Heading as={headingLevel} textStyle="lg">
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
