/**
 * The photo of an expense's receipt, as an object URL: from the outbox while the upload still
 * waits to be sent (so a receipt taken offline shows at once), else downloaded from the private
 * receipts bucket when online. `status` says which, or why there is no picture yet.
 */
import { useEffect, useMemo, useState } from 'react';
import { parseOutbox } from '../../db/validated-read.ts';
import { downloadFile } from '../../sync/backend.ts';
import { useDeviceQuery } from '../../data/use-device-query.ts';

export type ReceiptImage =
  | { status: 'loading' }
  | { status: 'shown'; url: string; pending: boolean }
  | { status: 'offline' }
  | { status: 'failed' };

export function useReceipt(expenseId: string, path: string | null | undefined): ReceiptImage {
  const pending = useDeviceQuery<Uint8Array | null>(
    async (db) => {
      if (!path) return null;
      const entries = parseOutbox(await db.outbox.toArray());
      const entry = entries.find((e) => {
        if (e.kind !== 'expense.attach-receipt' || e.status === 'acked') return false;
        const args = e.args as { expenseId?: string; path?: string };
        return args.expenseId === expenseId && args.path === path;
      });
      return entry ? (entry.args as { bytes: Uint8Array }).bytes : null;
    },
    [expenseId, path],
    null,
  );
  const pendingUrl = useMemo(
    () => (pending ? URL.createObjectURL(new Blob([pending as Uint8Array<ArrayBuffer>])) : null),
    [pending],
  );
  useEffect(() => () => (pendingUrl ? URL.revokeObjectURL(pendingUrl) : undefined), [pendingUrl]);

  const [fetched, setFetched] = useState<{ path: string; image: ReceiptImage } | null>(null);
  const needsDownload = Boolean(path) && !pending && navigator.onLine;
  useEffect(() => {
    if (!needsDownload || !path) return;
    let url: string | null = null;
    let cancelled = false;
    void downloadFile('receipts', path)
      .then((data) => {
        if (cancelled) return;
        if (!data) return setFetched({ path, image: { status: navigator.onLine ? 'failed' : 'offline' } });
        url = URL.createObjectURL(data);
        setFetched({ path, image: { status: 'shown', url, pending: false } });
      })
      .catch(() => !cancelled && setFetched({ path, image: { status: 'failed' } }));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [needsDownload, path]);

  if (pendingUrl) return { status: 'shown', url: pendingUrl, pending: true };
  if (fetched && fetched.path === path) return fetched.image;
  return needsDownload ? { status: 'loading' } : { status: 'offline' };
}
