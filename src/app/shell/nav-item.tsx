import { Box, Flex, Icon, VisuallyHidden } from '@chakra-ui/react';
import { Lock, type LucideIcon } from 'lucide-react';
import { Suspense } from 'react';
import { NavLink } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';
import { NewMarker, newLabel } from './tab-link.tsx';

const LockedTooltip = lazyPage(() => import('./locked-tooltip.tsx'), 'LockedTooltip');

interface NavItemProps {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Match the path exactly (Dashboard, Overview) rather than as a prefix. */
  end?: boolean;
  /** 'Upgrade to {tier} to unlock this feature' when the user's access is gated or none. */
  lockedReason?: string | null;
  /** What is new on the page since the member last looked (unread chat, changed rows). */
  count?: number;
}

const itemStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  minH: '11',
  rounded: 'lg',
  fontWeight: 'medium',
  color: 'fg.muted',
  _hover: { bg: 'bg.muted', color: 'fg' },
  css: { '&[aria-current=page]': { bg: 'forest.subtle', color: 'forest.fg' } },
} as const;

/** A link of the sidebar (with a marker of what is new there); a locked one is dimmed, shows a lock and explains itself in a tooltip. */
export function NavItem({ to, label, icon, end, lockedReason, count = 0 }: NavItemProps) {
  const link = (
    <Box asChild {...itemStyles} opacity={lockedReason ? 0.75 : 1}>
      <NavLink
        to={to}
        end={end}
        data-locked={lockedReason ? 'true' : undefined}
        aria-label={lockedReason ? undefined : newLabel(label, count)}
      >
        <Icon as={icon} boxSize="5" aria-hidden />
        <Box as="span" flex="1">
          {label}
        </Box>
        {lockedReason ? (
          <>
            <Icon as={Lock} boxSize="4" aria-hidden />
            <VisuallyHidden>{lockedReason}</VisuallyHidden>
          </>
        ) : (
          <NewMarker count={count} />
        )}
      </NavLink>
    </Box>
  );
  if (!lockedReason) return link;
  // Only locked items (event sections above the plan) have a tooltip: its code loads with them.
  return (
    <Suspense fallback={<Flex direction="column">{link}</Flex>}>
      <LockedTooltip reason={lockedReason}>{link}</LockedTooltip>
    </Suspense>
  );
}
