/**
 * The join page's online reads: the event's preview (get_event_preview: name, dates, place, first
 * names and avatars, for whoever holds the link) and, for a mailed invitation link, what its token
 * vouches for (get_invitation_by_token: the address, whether it has an account, the sender).
 */
import { useEffect, useState } from 'react';
import { callRpc } from '../../../sync/backend.ts';

interface PreviewPerson {
  first_name: string;
  avatar: string | null;
  is_creator: boolean;
}

export interface EventPreview {
  id: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  location: string | null;
  status: 'active' | 'past';
  member_count: number;
  members: PreviewPerson[];
  is_member: boolean;
  accent_color?: string | null;
  logo_path?: string | null;
}

export interface MailedInvitation {
  invitation_id: string;
  email: string;
  event_id: string;
  sender_name: string | null;
  message: string | null;
  status: 'pending' | 'accepted' | 'declined' | 'cancelled';
  has_account: boolean;
}

export type Loaded<T> =
  { state: 'loading' } | { state: 'missing' } | { state: 'offline' } | { state: 'found'; value: T };

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The preview of an event, read again when `version` changes (after a sign-in, a join). */
export function useEventPreview(eventId: string, version: unknown): Loaded<EventPreview> {
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded<EventPreview> } | null>(null);
  const key = `${eventId}|${String(version)}`;
  useEffect(() => {
    if (!isUuid(eventId)) return;
    let live = true;
    void callRpc('get_event_preview', { p_event_id: eventId }).then(({ data, error }) => {
      if (!live) return;
      const value: Loaded<EventPreview> = error
        ? { state: error.code === 'network' ? 'offline' : 'missing' }
        : data
          ? { state: 'found', value: data as unknown as EventPreview }
          : { state: 'missing' };
      setLoaded({ key, value });
    });
    return () => {
      live = false;
    };
  }, [eventId, key]);
  if (!isUuid(eventId)) return { state: 'missing' };
  return loaded?.key === key ? loaded.value : { state: 'loading' };
}

/** What a mailed invitation link's token vouches for; missing without a token or when it is not valid. */
export function useMailedInvitation(token: string | null): Loaded<MailedInvitation> {
  const [loaded, setLoaded] = useState<{ token: string; value: Loaded<MailedInvitation> } | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    void callRpc('get_invitation_by_token', { p_token: token }).then(({ data, error }) => {
      if (!live) return;
      const value: Loaded<MailedInvitation> = error
        ? { state: error.code === 'network' ? 'offline' : 'missing' }
        : data
          ? { state: 'found', value: data as unknown as MailedInvitation }
          : { state: 'missing' };
      setLoaded({ token, value });
    });
    return () => {
      live = false;
    };
  }, [token]);
  if (!token) return { state: 'missing' };
  return loaded?.token === token ? loaded.value : { state: 'loading' };
}
