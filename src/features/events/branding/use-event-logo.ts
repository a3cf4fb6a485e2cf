/**
 * An event's logo (white label) as an image URL. The bucket is private (members read), so the
 * file is downloaded with the session and shown from a blob; kept for the page's lifetime only, so
 * nothing of an event stays in the browser after sign-out. Offline before the first download the
 * event shows its accent colour without the logo.
 */
import { useEffect, useState } from 'react';
import { downloadFile } from '../../../sync/backend.ts';

const loaded = new Map<string, string>();

export function useEventLogo(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<{ path: string; url: string } | null>(null);
  useEffect(() => {
    if (!path || loaded.has(path)) return;
    let live = true;
    void downloadFile('event-logos', path).then((blob) => {
      if (!blob) return;
      const objectUrl = URL.createObjectURL(blob);
      loaded.set(path, objectUrl);
      if (live) setUrl({ path, url: objectUrl });
    });
    return () => {
      live = false;
    };
  }, [path]);
  if (!path) return null;
  return loaded.get(path) ?? (url?.path === path ? url.url : null);
}
