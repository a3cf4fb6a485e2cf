import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRealEventId } from '../events/index.ts';

const TEMP_ID = /temp-\d+/;

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
