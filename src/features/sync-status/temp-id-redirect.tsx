import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRealEventId } from '../events/index.ts';

const TEMP_ID = /temp-\d+/;

/**
 * Whether `next` is the page `previous` showed, moved from an offline-made event's local id to
 * its real one (what TempIdRedirect does): the same page to the user, so it keeps its state.
 */
export function isRealIdMove(previous: string, next: string): boolean {
  const tempId = TEMP_ID.exec(previous)?.[0];
  if (!tempId || TEMP_ID.test(next)) return false;
  const at = previous.indexOf(tempId);
  const [before, after] = [previous.slice(0, at), previous.slice(at + tempId.length)];
  const realId = next.slice(before.length, next.length - after.length);
  return next.startsWith(before) && next.endsWith(after) && /^[0-9a-f-]{36}$/i.test(realId);
}

/**
 * An event made offline lives under a `temp-…` id until the server has it; a page open on that
 * id then moves to the real one (replacing the history entry), so the address stays shareable.
 */
export function TempIdRedirect() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const tempId = TEMP_ID.exec(pathname)?.[0] ?? null;
  const realId = useRealEventId(tempId);
  useEffect(() => {
    if (tempId && realId) void navigate(`${pathname.replace(tempId, realId)}${search}${hash}`, { replace: true });
  }, [tempId, realId, pathname, search, hash, navigate]);
  return null;
}
