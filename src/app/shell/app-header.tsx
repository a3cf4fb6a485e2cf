import { Badge, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { Menu as MenuIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { tierLabel } from '../../access/tiers.ts';
import { Logo } from '../../components/logo.tsx';
import type { CurrentUser } from '../../features/auth/index.ts';
import { paths } from '../../lib/paths.ts';
import { NotificationsBell } from './notifications-bell.tsx';
import { AfterFirstScreen } from '../../data/after-first-screen.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserAvatarLink } from './user-avatar-link.tsx';

interface AppHeaderProps {
  user: CurrentUser | null;
  onOpenMenu(): void;
}

/** The shell's header: menu (phones), logo, role and tier badges, bell, theme, avatar. */
export function AppHeader({ user, onOpenMenu }: AppHeaderProps) {
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h="14"
      align="center"
      gap={{ base: '1', sm: '2' }}
      px={{ base: '2', md: '4' }}
      bg="bg.panel"
      borderBottomWidth="1px"
    >
      <IconButton variant="ghost" size="sm" aria-label="Open menu" hideFrom="lg" onClick={onOpenMenu}>
        <MenuIcon />
      </IconButton>
      <RouterLink to={paths.dashboard.href()} aria-label="CrewCamp dashboard">
        <HStack gap="2">
          <Logo size="8" />
          <Text as="span" fontWeight="bold" textStyle="lg" hideBelow="md">
            CrewCamp
          </Text>
        </HStack>
      </RouterLink>
      <HStack gap={{ base: '1', sm: '2' }} ms="auto">
        {user && user.role !== 'user' ? (
          <Badge colorPalette="ember" variant="solid" size={{ base: 'sm', md: 'md' }}>
            Admin
          </Badge>
        ) : null}
        {user ? (
          <Badge colorPalette="forest" variant="subtle" size={{ base: 'sm', md: 'md' }}>
            {tierLabel(user.tier)}
          </Badge>
        ) : null}
        <AfterFirstScreen>
          <NotificationsBell />
        </AfterFirstScreen>
        <ThemeToggle />
        <UserAvatarLink name={user?.name ?? user?.email ?? null} avatar={user?.avatar ?? null} />
      </HStack>
    </Flex>
  );
}
