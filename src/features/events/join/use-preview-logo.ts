/**
 * The logo on the join page for anyone holding the link who is not a member, signed in or not: a
 * short-lived signed URL the event-logo server function gives for that one object (the bucket
 * itself stays members-only). Online only, as the preview is. Members read it from the device
 * (member-logo.tsx).
 */
import { useEffect, useState } from 'react';
import { callFunction } from '../../../sync/backend.ts';
import type { EventPreview } from './use-event-preview.ts';

export function usePreviewLogo(preview: EventPreview): string | null {
  const wantsLink = !preview.is_member && Boolean(preview.logo_path);
  const [linked, setLinked] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    if (!wantsLink) return;
    let live = true;
    void callFunction('event-logo', { eventId: preview.id }).then(({ status, body }) => {
      const url = (body as { url?: unknown } | null)?.url;
      if (live && status === 200 && typeof url === 'string') setLinked({ id: preview.id, url });
    });
    return () => {
      live = false;
    };
  }, [wantsLink, preview.id, preview.logo_path]);
  return wantsLink && linked?.id === preview.id ? linked.url : null;
}
