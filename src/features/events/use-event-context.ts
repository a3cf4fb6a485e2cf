/**
 * The event the current /events/{id} path is about, as the shell needs it: its name, its tier (the
 * creator's) and the user's membership, from the device database. Until the device knows the event
 * the hook answers null (the shell then shows the event's links without tier gates; the database
 * still enforces them). It also keeps the selected event (`event-storage`) following the path.
 */
import { useEffect } from 'react';
import type { Tier } from '../../access/tiers.ts';
import { useEvent } from './use-events.ts';
import { useEventMembers } from './use-members.ts';
import { useAuthStore } from '../auth/index.ts';
import { isManagerRole } from './event-rules.ts';
import { useSelectedEventStore } from './selected-event-store.ts';

export interface EventContext {
  id: string;
  name: string;
  accessTier: Tier;
  isMember: boolean;
  isManager: boolean;
}

export function useEventContext(eventId: string | null): EventContext | null {
  const event = useEvent(eventId);
  const members = useEventMembers(eventId);
  const userId = useAuthStore((state) => state.session?.user.id ?? null);
  const select = useSelectedEventStore((state) => state.select);

  useEffect(() => {
    select(eventId);
  }, [eventId, select]);

  if (!eventId || !event) return null;
  const me = members.find((member) => member.user_id === userId);
  return {
    id: event.id,
    name: event.name,
    accessTier: event.access_tier,
    isMember: Boolean(me),
    isManager: isManagerRole(me?.role),
  };
}
