import { Box, Button, Flex, Heading, Stack, Text, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Copyright } from './copyright.tsx';
import { Logo } from './logo.tsx';

/**
 * The frame of the signed-out pages (login, waitlist, register, password recovery): logo, product
 * name and tagline above the content card, the copyright line below.
 */
export function BrandLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <Flex
      minH="100dvh"
      direction="column"
      align="center"
      px={{ base: '4', md: '6' }}
      py={{ base: '8', md: '12' }}
      gap="6"
      bgGradient="to-b"
      gradientFrom={{ base: 'forest.100', _dark: 'forest.950' }}
      gradientTo="bg"
    >
      <Stack as="header" align="center" gap="2" textAlign="center">
        <RouterLink to="/landing" aria-label="CrewCamp home">
          <Logo size="14" />
        </RouterLink>
        <Heading as="h1" textStyle="3xl" fontFamily="heading" letterSpacing="tight">
          CrewCamp
        </Heading>
        <Text color="fg.muted">Your event crew, connected.</Text>
      </Stack>
      <Box as="main" w="full" maxW={wide ? '4xl' : 'md'}>
        {children}
      </Box>
      <Box as="footer" mt="auto">
        <Copyright />
      </Box>
    </Flex>
  );
}

/** A card section of a signed-out page. */
export function BrandCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      shadow="sm"
      p={{ base: '5', md: '8' }}
    >
      <Heading as="h2" textStyle="xl" mb="5">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** A signed-out page that only says something (a link that does not work, a payment received) and leads on. */
export function BrandNotice({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  /** Where the page leads, as a button. */
  action: { to: string; label: string } & Pick<ButtonProps, 'size' | 'variant'>;
}) {
  const { to, label, ...button } = action;
  return (
    <BrandLayout>
      <BrandCard title={title}>
        <Stack gap="4">
          {children}
          <Button asChild {...button}>
            <RouterLink to={to}>{label}</RouterLink>
          </Button>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
