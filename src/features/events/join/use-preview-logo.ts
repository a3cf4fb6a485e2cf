/**
 * The logo on the join page: a member's from the device (useEventLogo); for anyone else holding the
 * link, signed in or not, a short-lived signed URL the event-logo server function gives for that
 * one object (the bucket itself stays members-only). Online only for them, as the preview is.
 */
import { useEffect, useState } from 'react';
import { callFunction } from '../../../sync/backend.ts';
import { useEventLogo } from '../branding/use-event-logo.ts';
import type { EventPreview } from './use-event-preview.ts';

export function usePreviewLogo(preview: EventPreview): string | null {
  const memberLogo = useEventLogo(preview.is_member ? preview.logo_path : null);
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
  if (preview.is_member) return memberLogo;
  return wantsLink && linked?.id === preview.id ? linked.url : null;
}
