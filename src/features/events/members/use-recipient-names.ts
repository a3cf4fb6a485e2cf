/**
 * The names (and avatars) of invited people the device cannot read: a recipient with an account
 * who shares no event and no friendship with the viewer has a profile RLS hides, so the device's
 * invitation row has only the address. get_sent_invitations (spec section 7) answers the sender's
 * invitations with the recipients' names, so the list shows a name wherever one is known.
 */
import { useEffect, useState } from 'react';
import { callRpc } from '../../../sync/backend.ts';

export interface RecipientName {
  name: string | null;
  avatar: string | null;
}

export function useRecipientNames(eventId: string, missing: string[]): Record<string, RecipientName> {
  const [names, setNames] = useState<Record<string, RecipientName>>({});
  const wanted = missing.filter((id) => !(id in names)).join(',');
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void callRpc('get_sent_invitations', { p_event_id: eventId, p_status: undefined }).then(({ data }) => {
      if (!live || !Array.isArray(data)) return;
      const next: Record<string, RecipientName> = {};
      for (const id of wanted.split(',')) next[id] = { name: null, avatar: null };
      for (const row of data) next[row.id] = { name: row.recipient_name, avatar: row.recipient_avatar };
      setNames((known) => ({ ...known, ...next }));
    });
    return () => {
      live = false;
    };
  }, [eventId, wanted]);
  return names;
}
