import { Box, Button, Flex, HStack, Heading, Text } from '@chakra-ui/react';
import { FileUp, Search } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { checkAccess } from '../../access/check-access.ts';
import type { Tier } from '../../access/tiers.ts';
import type { EventRow, MemberRow } from '../events/index.ts';
import { useChatLive } from './use-chat-live.ts';
import { useIsOnline } from '../../data/use-is-online.ts';
import { useAuthStore } from '../auth/index.ts';
import { isManagerRole } from '../events/index.ts';
import { onlineNames, typingText } from './chat-live-text.ts';
import { ChatThread } from './chat-thread.tsx';
import { SearchDialog } from './search-dialog.tsx';
import { useFillViewport } from './use-fill-viewport.ts';
import { EventPageFallback } from '../events/index.ts';
import { useEventPage } from '../events/index.ts';

const WhatsAppImportDialog = lazy(async () => ({
  default: (await import('./whatsapp-import-dialog.tsx')).WhatsAppImportDialog,
}));

/** The tier that unlocks a feature on this event, or null when the event has it. */
function lockedTierOf(key: string, accessTier: Tier, user: { role: 'user' | 'admin'; tier: Tier } | null): Tier | null {
  const result = checkAccess(key, {
    user: user ?? { role: 'user', tier: 'free' },
    event: { accessTier, isMember: true },
  });
  return result.access === 'full_access' ? null : result.requiredTier;
}

/** The event's Group Chat page (route `/events/{id}/chat`). */
export function ChatPage() {
  const { eventId = '' } = useParams();
  const page = useEventPage(eventId, { waitForMembership: true });
  const user = useAuthStore((state) => state.user);
  if (page.status !== 'ready') return <EventPageFallback page={page} loadingText="Loading the chat..." />;
  return <ChatScreen event={page.event} members={page.members} me={page.me} myUserId={page.myUserId} user={user} />;
}

interface ChatScreenProps {
  event: EventRow;
  members: MemberRow[];
  me: MemberRow;
  myUserId: string;
  user: { role: 'user' | 'admin'; tier: Tier } | null;
}

/** The chat of an event the user is a member of, filling the screen down to the bottom. */
function ChatScreen({ event, members, me, myUserId, user }: ChatScreenProps) {
  const eventId = event.id;
  const live = useChatLive(eventId, { userId: myUserId, name: me.name ?? '' });
  const [isSearchOpen, setSearchOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const fillRef = useRef<HTMLDivElement>(null);
  const height = useFillViewport(fillRef);
  const extendedLock = lockedTierOf('extended_chat', event.access_tier, user);
  const importLock = lockedTierOf('whatsapp_import', event.access_tier, user);
  // Offline, the last presence seen is stale: nobody is shown as online.
  const isOnline = useIsOnline();
  const online = isOnline
    ? onlineNames(
        live.online.map((p) => p.userId),
        members,
        myUserId,
      )
    : [];
  const typing = typingText(live.typing.filter((p) => members.some((m) => m.user_id === p.userId)).map((p) => p.name));

  return (
    <Flex direction="column" ref={fillRef} style={{ height: height ?? undefined }} minH="20rem">
      <HStack justify="space-between" align="start" gap="2" pb="2" borderBottomWidth="1px">
        <Box minW="0" flex="1">
          <Heading as="h1" textStyle={{ base: 'xl', md: '2xl' }} letterSpacing="tight">
            Group Chat
          </Heading>
          <Text textStyle="sm" color="fg.muted" truncate>
            {event.name}
          </Text>
          <HStack gap="1.5" textStyle="xs" color="fg.muted" aria-label="Online now" role="status">
            <Box as="span" w="2" h="2" rounded="full" bg={online.length > 0 ? 'green.500' : 'gray.400'} aria-hidden />
            <Text as="span" lineClamp={1}>
              {!isOnline
                ? 'Offline: who is online shows when you are back'
                : online.length > 0
                  ? `Online: ${online.join(', ')}`
                  : 'Nobody online right now'}
            </Text>
          </HStack>
        </Box>
        <HStack gap="1" flexShrink={0}>
          <HeaderButton label="Search" icon={<Search aria-hidden />} onClick={() => setSearchOpen(true)} />
          {isManagerRole(me.role) ? (
            <HeaderButton label="Import" icon={<FileUp aria-hidden />} onClick={() => setImportOpen(true)} />
          ) : null}
        </HStack>
      </HStack>
      <ChatThread
        key={eventId}
        eventId={eventId}
        me={myUserId}
        members={members}
        lockedTier={extendedLock}
        focusId={focusId}
        typingLine={typing}
        onTyping={live.sendTyping}
        onSent={live.sendStoppedTyping}
      />
      {isSearchOpen ? (
        <SearchDialog
          eventId={eventId}
          members={members}
          me={myUserId}
          lockedTier={extendedLock}
          onClose={() => setSearchOpen(false)}
          onPick={(id) => {
            setSearchOpen(false);
            setFocusId(id);
          }}
        />
      ) : null}
      <Suspense fallback={null}>
        {isImportOpen ? (
          <WhatsAppImportDialog
            eventId={eventId}
            members={members}
            lockedTier={importLock}
            onClose={() => setImportOpen(false)}
          />
        ) : null}
      </Suspense>
    </Flex>
  );
}

/** A button of the chat's header: its icon, and its label from 'sm' up (the name stays for screen readers). */
function HeaderButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick(): void }) {
  return (
    <Button size="sm" variant="outline" aria-label={label} px={{ base: '2', sm: '3' }} onClick={onClick}>
      {icon}
      <Box as="span" hideBelow="sm">
        {label}
      </Box>
    </Button>
  );
}
