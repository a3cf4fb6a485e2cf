import { Box, Grid } from '@chakra-ui/react';
import { Ellipsis, LayoutDashboard, ListChecks, MessageCircle, Wallet } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { EVENT_LINKS, lockedReason } from '../../access/event-links.ts';
import { useEventActivity } from '../../features/activity/index.ts';
import type { CurrentUser } from '../../features/auth/index.ts';
import { useEventContext } from '../../features/events/index.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { paths, type EventSection } from '../../lib/paths.ts';
import { newLabel, TabFace, TabLink, tabStyles } from './tab-link.tsx';
import { useIsTyping } from './use-typing.ts';

const EventMoreSheet = lazyPage(() => import('./event-more-sheet.tsx'), 'EventMoreSheet');

/** The pages with a tab of their own; the rest are under More. */
const TABS: { section: EventSection; label: string; icon: typeof MessageCircle }[] = [
  { section: 'chat', label: 'Chat', icon: MessageCircle },
  { section: 'checklists', label: 'Lists', icon: ListChecks },
  { section: 'expenses', label: 'Money', icon: Wallet },
];
const MORE_SECTIONS: EventSection[] = ['schedule', 'transport', 'camp-planner'];

const ACCESS_KEY = new Map(EVENT_LINKS.map((link) => [link.section, link.accessKey]));

/** The height the bar takes above the safe area: the page leaves this much room below its content. */
export const TAB_BAR_SPACE = 'calc(4rem + env(safe-area-inset-bottom))';

interface EventTabBarProps {
  eventId: string;
  user: CurrentUser | null;
  onOpenMembers(): void;
}

/**
 * Event pages on phones (below md): a bottom tab bar, one tap between Overview, Chat, Lists and
 * Money, the rest under More; each tab marks what is new there since the member last looked.
 * Above the home indicator of an installed app (safe-area inset); desktop keeps the sidebar.
 * Hidden while the on-screen keyboard is up for a text field, so it never covers the field.
 */
export function EventTabBar({ eventId, user, onOpenMembers }: EventTabBarProps) {
  const event = useEventContext(eventId);
  const activity = useEventActivity(eventId);
  const { pathname } = useLocation();
  const isTyping = useIsTyping();
  const [isMoreOpen, setMoreOpen] = useState(false);
  const [hasOpenedMore, setOpenedMore] = useState(false);
  const current = pathname.split('/')[3] as EventSection | undefined;
  const locked = (section: EventSection) => lockedReason(ACCESS_KEY.get(section) ?? '', user, event);
  // The page open now has nothing new: it is being looked at.
  const count = (section: EventSection) => (section === current ? 0 : activity[section]);
  const moreCount = MORE_SECTIONS.reduce((sum, section) => sum + count(section), 0);
  const isMoreCurrent = current !== undefined && MORE_SECTIONS.includes(current);

  return (
    <Box
      as="nav"
      aria-label="Event pages"
      // Phones only; while the keyboard is up (a text field has the focus) the bar steps aside.
      display={{ base: isTyping ? 'none' : 'block', md: 'none' }}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      bg="bg.panel"
      borderTopWidth="1px"
      pb="env(safe-area-inset-bottom)"
      ps="env(safe-area-inset-left)"
      pe="env(safe-area-inset-right)"
    >
      <Grid templateColumns="repeat(5, minmax(0, 1fr))" maxW="lg" mx="auto">
        <TabLink to={paths.event.href(eventId)} end label="Overview" icon={LayoutDashboard} />
        {TABS.map((tab) => (
          <TabLink
            key={tab.section}
            to={paths.eventSection.href(eventId, tab.section)}
            label={tab.label}
            icon={tab.icon}
            count={count(tab.section)}
            lockedReason={locked(tab.section)}
          />
        ))}
        <Box
          as="button"
          {...tabStyles}
          aria-label={newLabel('More', moreCount)}
          aria-haspopup="dialog"
          aria-expanded={isMoreOpen}
          aria-current={isMoreCurrent ? 'page' : undefined}
          onClick={() => {
            setOpenedMore(true);
            setMoreOpen(true);
          }}
        >
          <TabFace label="More" icon={Ellipsis} count={moreCount} />
        </Box>
      </Grid>
      {hasOpenedMore ? (
        <Suspense fallback={null}>
          <EventMoreSheet
            isOpen={isMoreOpen}
            eventId={eventId}
            eventName={event?.name ?? 'This event'}
            sections={MORE_SECTIONS.map((section) => ({
              section,
              count: count(section),
              lockedReason: locked(section),
            }))}
            onClose={() => setMoreOpen(false)}
            onOpenMembers={() => {
              setMoreOpen(false);
              onOpenMembers();
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
