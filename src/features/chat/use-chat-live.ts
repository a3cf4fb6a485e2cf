/**
 * Who has an event's chat open and who is typing there (src/sync/chat-channel.ts), for the chat
 * screen: the channel opens with the screen and closes with it. `sendTyping()` tells the others.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { joinChat, type ChatChannel, type ChatLiveState } from '../../sync/backend.ts';

const NOBODY: ChatLiveState = { online: [], typing: [] };

export function useChatLive(
  eventId: string | null | undefined,
  me: { userId: string; name: string } | null,
): ChatLiveState & { sendTyping(): void; sendStoppedTyping(): void } {
  const [state, setState] = useState<ChatLiveState>(NOBODY);
  const channel = useRef<ChatChannel | null>(null);
  const userId = me?.userId ?? null;
  const name = me?.name ?? '';

  useEffect(() => {
    if (!eventId || !userId) return;
    let cancelled = false;
    let opened: ChatChannel | null = null;
    void joinChat(eventId, { userId, name }, setState)
      .then((joined) => {
        if (cancelled) return void joined.close();
        opened = joined;
        channel.current = joined;
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      channel.current = null;
      setState(NOBODY);
      if (opened) void opened.close();
    };
  }, [eventId, userId, name]);

  const sendTyping = useCallback(() => channel.current?.typing(), []);
  const sendStoppedTyping = useCallback(() => channel.current?.stoppedTyping(), []);
  return { ...state, sendTyping, sendStoppedTyping };
}
