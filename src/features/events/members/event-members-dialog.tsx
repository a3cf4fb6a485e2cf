import { lazy, Suspense } from 'react';

const MembersDialog = lazy(async () => ({ default: (await import('./members-dialog.tsx')).MembersDialog }));
/** The transfer dialog of the leave question (its code loads when it first opens). */
export const TransferOwnershipDialog = lazy(async () => ({
  default: (await import('../transfer/transfer-dialog.tsx')).TransferOwnershipDialog,
}));

interface EventMembersDialogProps {
  isOpen: boolean;
  eventId: string;
  onClose(): void;
}

/**
 * The Event Members dialog (spec section 2), opened with an isOpen flag and an event id. Its code
 * loads when it first opens, so the pages that can open it stay light.
 */
export function EventMembersDialog({ isOpen, eventId, onClose }: EventMembersDialogProps) {
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <MembersDialog eventId={eventId} onClose={onClose} />
    </Suspense>
  );
}
