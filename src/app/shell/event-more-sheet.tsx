import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { CalendarDays, Car, Map as MapIcon, Users, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { EVENT_LINKS } from '../../access/event-links.ts';
import { paths, type EventSection } from '../../lib/paths.ts';
import { NavItem } from './nav-item.tsx';

const ICONS: Partial<Record<EventSection, LucideIcon>> = {
  schedule: CalendarDays,
  transport: Car,
  'camp-planner': MapIcon,
};
const LABELS = new Map(EVENT_LINKS.map((link) => [link.section, link.label]));

interface EventMoreSheetProps {
  isOpen: boolean;
  eventId: string;
  eventName: string;
  sections: { section: EventSection; count: number; lockedReason: string | null }[];
  onClose(): void;
  onOpenMembers(): void;
}

/** The tab bar's More: the event's other pages and its members, in a sheet from the bottom. */
export function EventMoreSheet({ isOpen, eventId, eventName, sections, onClose, onOpenMembers }: EventMoreSheetProps) {
  // The members dialog opens once the sheet has gone (its focus return would close the dialog).
  const opensMembers = useRef(false);
  return (
    <Drawer.Root
      open={isOpen}
      placement="bottom"
      onOpenChange={(details) => !details.open && onClose()}
      onExitComplete={() => {
        if (!opensMembers.current) return;
        opensMembers.current = false;
        onOpenMembers();
      }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="2xl" pb="env(safe-area-inset-bottom)">
            <Drawer.Header py="3" borderBottomWidth="1px">
              <Drawer.Title textStyle="md" truncate>
                {eventName}
              </Drawer.Title>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <Drawer.Body p="3">
              <Stack
                as="nav"
                aria-label="More event pages"
                gap="1"
                onClick={(e) => (e.target as Element).closest('a') && onClose()}
              >
                {sections.map(({ section, count, lockedReason }) => (
                  <NavItem
                    key={section}
                    to={paths.eventSection.href(eventId, section)}
                    label={LABELS.get(section) ?? section}
                    icon={ICONS[section] ?? MapIcon}
                    count={count}
                    lockedReason={lockedReason}
                  />
                ))}
                <Button
                  variant="ghost"
                  justifyContent="start"
                  gap="3"
                  px="3"
                  minH="11"
                  color="fg.muted"
                  fontWeight="medium"
                  textStyle="md"
                  _icon={{ boxSize: '5' }}
                  onClick={() => {
                    opensMembers.current = true;
                    onClose();
                  }}
                >
                  <Users aria-hidden />
                  Members
                </Button>
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
