import { Text } from '@chakra-ui/react';
import { CloudOff } from 'lucide-react';
import { SectionCard } from '../../../components/section-card.tsx';
import type { MemberRow } from '../sync/member-rows.ts';
import { CrewReadiness } from './crew-readiness.tsx';
import { GetReadyButton } from './get-ready-button.tsx';

/** The overview's "Ready for no signal" card: Get ready on this device, and the crew's readiness. */
export function ReadyCard(props: {
  eventId: string;
  members: MemberRow[];
  myUserId: string;
  isManager: boolean;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <SectionCard title="Ready for no signal" icon={<CloudOff aria-hidden size={18} />} gap="3">
      <Text color="fg.muted" textStyle="sm">
        Get ready downloads every page, photo and avatar of this event to this device, so it all works without a signal.
        While online it stays up to date by itself.
      </Text>
      <GetReadyButton eventId={props.eventId} />
      <CrewReadiness {...props} />
    </SectionCard>
  );
}
