import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useIsOnline } from '../../../data/use-is-online.ts';
import { callRpc } from '../../../sync/backend.ts';
import type { MemberRow } from '../sync/member-rows.ts';
import { copyAge } from './readiness-format.ts';
import { useCrewReadiness, type MemberReadiness } from './use-crew-readiness.ts';

interface Props {
  eventId: string;
  members: MemberRow[];
  myUserId: string;
  isManager: boolean;
  names: ReadonlyMap<string, string>;
}

/** "Ready for no signal: 5 of 7", who is not ready with how old their copy is; managers nudge them. */
export function CrewReadiness({ eventId, members, myUserId, isManager, names }: Props) {
  const crew = useCrewReadiness(eventId, members, names);
  if (!crew) return null;
  const ready = crew.filter((m) => m.isReady).length;
  const notReady = crew.filter((m) => !m.isReady);
  return (
    <Stack gap="2">
      <Text fontWeight="semibold" data-testid="crew-readiness-count">
        Ready for no signal: {ready} of {crew.length}
      </Text>
      {notReady.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Not ready yet">
          {notReady.map((member) => (
            <NotReadyLine
              key={member.userId}
              eventId={eventId}
              member={member}
              canNudge={isManager && member.userId !== myUserId}
              isMe={member.userId === myUserId}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function NotReadyLine({
  eventId,
  member,
  canNudge,
  isMe,
}: {
  eventId: string;
  member: MemberReadiness;
  canNudge: boolean;
  isMe: boolean;
}) {
  const isOnline = useIsOnline();
  const [isSending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const nudge = async () => {
    setSending(true);
    const result = await callRpc('send_readiness_nudge', { p_event_id: eventId, p_user_id: member.userId });
    const data = result.data as { success?: boolean; message?: string } | null;
    setAnswer(
      data
        ? { ok: Boolean(data.success), text: data.message ?? '' }
        : { ok: false, text: result.error?.code === 'network' ? 'You are offline.' : 'The nudge could not be sent.' },
    );
    setSending(false);
  };
  const age = member.readyAt === null ? 'never got ready' : `copy ${copyAge(member.readyAt)}`;
  return (
    <Stack as="li" gap="1">
      <HStack gap="3" justify="space-between" wrap="wrap">
        <Text minW="0" flex="1" overflowWrap="anywhere">
          {member.name}
          {isMe ? ' (You)' : ''}
          <Text as="span" color="fg.muted">
            {' · '}
            {age}
          </Text>
        </Text>
        {canNudge ? (
          <Button
            size="sm"
            variant="outline"
            minH="11"
            onClick={() => void nudge()}
            loading={isSending}
            disabled={!isOnline || answer?.ok === true}
            aria-label={`Nudge ${member.name}`}
          >
            <BellRing aria-hidden />
            {answer?.ok ? 'Nudged' : 'Nudge'}
          </Button>
        ) : null}
      </HStack>
      {answer && !answer.ok ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {answer.text}
        </Text>
      ) : null}
    </Stack>
  );
}
