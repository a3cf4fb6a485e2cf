/**
 * Telling a full disk apart from other write failures. IndexedDB reports it as a DOMException
 * named QuotaExceededError; Dexie passes it on as `Dexie.QuotaExceededError`, or wraps it (an
 * aborted transaction's AbortError with the cause as `inner`). Such a change was not saved: the
 * transaction that would have written it and its outbox entry rolled back as a whole.
 */
export function isQuotaError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { name, code } = current as { name?: unknown; code?: unknown };
    if (name === 'QuotaExceededError' || (name === 'DOMException' && code === 22)) return true;
    const next = current as { inner?: unknown; cause?: unknown };
    current = next.inner ?? next.cause;
  }
  return false;
}

export const QUOTA_WARNING =
  'Your device is out of storage space, so your last change was not saved. Free up some space and try again.';
export const PULL_QUOTA_WARNING =
  'Your device is out of storage space, so new data from the server could not be stored. Free up some space.';
