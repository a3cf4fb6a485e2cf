import { Box, Circle, Flex, Icon, VisuallyHidden } from '@chakra-ui/react';
import { Lock, type LucideIcon } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

const LockedTooltip = lazyPage(() => import('./locked-tooltip.tsx'), 'LockedTooltip');

/** The count a marker shows: the number, or 9+ above 9. */
const countText = (count: number) => (count > 9 ? '9+' : String(count));

/** The name of a link with news on its page, for screen readers ("Chat, 3 new"); none without. */
export const newLabel = (label: string, count = 0) => (count > 0 ? `${label}, ${count} new` : undefined);

/** The marker of news on a page: an ember dot with the count. */
export function NewMarker({
  count,
  ...props
}: {
  count: number;
  top?: string;
  insetEnd?: string;
  position?: 'absolute';
}) {
  if (count <= 0) return null;
  return (
    <Circle
      size="5"
      minW="5"
      px="1"
      bg="ember.solid"
      color="ember.contrast"
      textStyle="2xs"
      fontWeight="bold"
      aria-hidden
      data-new-marker
      {...props}
    >
      {countText(count)}
    </Circle>
  );
}

const tabStyles = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5',
  minH: '14',
  minW: '11',
  px: '1',
  position: 'relative',
  color: 'fg.muted',
  textStyle: 'xs',
  fontWeight: 'medium',
  css: { '&[aria-current=page]': { color: 'forest.fg' }, WebkitTapHighlightColor: 'transparent' },
} as const;

interface TabProps {
  label: string;
  icon: LucideIcon;
  count?: number;
  lockedReason?: string | null;
}

/** The face of a tab: icon (with the news marker or the lock), label, and what a screen reader needs. */
export function TabFace({ label, icon, count = 0, lockedReason }: TabProps): ReactNode {
  return (
    <>
      <Box position="relative">
        <Icon as={icon} boxSize="6" aria-hidden />
        {lockedReason ? (
          <Icon as={Lock} boxSize="3" position="absolute" bottom="-1" insetEnd="-2" aria-hidden />
        ) : (
          <NewMarker count={count} position="absolute" top="-1.5" insetEnd="-3" />
        )}
      </Box>
      <Box as="span" lineHeight="short" whiteSpace="nowrap">
        {label}
      </Box>
      {lockedReason ? <VisuallyHidden>{lockedReason}</VisuallyHidden> : null}
    </>
  );
}

/** A tab of the phone's event tab bar: one tap to its page. Locked pages keep their lock and tooltip. */
export function TabLink({ to, end, ...face }: TabProps & { to: string; end?: boolean }) {
  const link = (
    <Box asChild {...tabStyles} opacity={face.lockedReason ? 0.75 : 1}>
      <NavLink
        to={to}
        end={end}
        data-locked={face.lockedReason ? 'true' : undefined}
        aria-label={newLabel(face.label, face.lockedReason ? 0 : face.count)}
      >
        <TabFace {...face} />
      </NavLink>
    </Box>
  );
  if (!face.lockedReason) return link;
  return (
    <Suspense fallback={<Flex direction="column">{link}</Flex>}>
      <LockedTooltip reason={face.lockedReason} placement="top">
        {link}
      </LockedTooltip>
    </Suspense>
  );
}

export { tabStyles };
