/**
 * Names of the events and senders of the invitations this user received. The device's copy of an
 * invitation to an event the user is not in yet has no event or sender name (row-level security
 * hides both from a non-member), so they are read with get_user_invitations while online and
 * kept on this device for offline starts. Stopgap until the invitation pull carries them.
 */
import { useEffect, useState } from 'react';
import { callRpc } from '../../sync/backend.ts';

export interface InvitationNames {
  eventName: string | null;
  senderName: string | null;
}

const STORAGE_KEY = 'crewcamp-invitation-names';

function readStored(): Record<string, InvitationNames> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, InvitationNames>) : {};
  } catch {
    return {};
  }
}

/** `ids`: the received invitations; names are fetched again when an id is new. */
export function useInvitationNames(ids: string[]): Record<string, InvitationNames> {
  const [names, setNames] = useState(readStored);
  const missing = ids.filter((id) => !names[id]).join(',');

  useEffect(() => {
    if (!missing) return;
    let isCurrent = true;
    void callRpc('get_user_invitations').then(({ data }) => {
      if (!isCurrent || !Array.isArray(data)) return;
      const next = { ...readStored() };
      for (const row of data) next[row.id] = { eventName: row.event_name, senderName: row.sender_name };
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // storage full or unavailable: the names are fetched again next time
      }
      setNames(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [missing]);

  return names;
}
