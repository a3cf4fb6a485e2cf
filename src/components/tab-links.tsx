import { Box, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { PageHeader } from './page-header.tsx';

interface TabLink {
  href: string;
  label: string;
}

/**
 * A row of links styled as tabs (profile and admin areas); the current one is marked. On a phone
 * the tabs share the width in a smaller type, so four of them fit 360 px without scrolling.
 */
function TabLinks({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <Box as="nav" aria-label={label} borderBottomWidth="1px" mb="6" overflowX="auto">
      <HStack gap={{ base: '0', sm: '1' }} minW="max-content">
        {tabs.map((tab) => (
          <Box
            key={tab.href}
            asChild
            flex={{ base: '1', sm: 'none' }}
            textAlign="center"
            whiteSpace="nowrap"
            // Tight on a phone: the admin panel's five tabs fit 360 px (none cut at the edge).
            px={{ base: '0.5', sm: '3' }}
            py="2.5"
            minH="11"
            textStyle={{ base: 'sm', sm: 'md' }}
            fontWeight="medium"
            color="fg.muted"
            borderBottomWidth="2px"
            borderColor="transparent"
            mb="-1px"
            _hover={{ color: 'fg' }}
            css={{ '&[aria-current=page]': { color: 'forest.fg', borderColor: 'forest.solid' } }}
          >
            <NavLink to={tab.href}>{tab.label}</NavLink>
          </Box>
        ))}
      </HStack>
    </Box>
  );
}

/**
 * A page of tabs (profile, admin panel): the title, the tabs as links, the current tab's page below;
 * a notice about the whole page (the admin panel's two-factor notice) under the title.
 */
export function TabbedPage({
  title,
  label,
  tabs,
  notice,
}: {
  title: string;
  label: string;
  tabs: TabLink[];
  notice?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title}>{notice}</PageHeader>
      <TabLinks label={label} tabs={tabs} />
      <Outlet />
    </>
  );
}
