/**
 * The actions of an event card (spec section 4): leave (with its rules), delete (soft) and delete
 * for good (the server function) for the creator, each asked for first; restore (the creator's,
 * of a deleted event) needs no confirmation.
 */
import type { EventRow } from '../events/index.ts';
import { mutate, type KindName, type RawArgs } from '../../data/index.ts';
import { CREATOR_CANNOT_LEAVE, leaveOutcome, type EventRole } from '../events/index.ts';
import type { ConfirmRequest } from '../../components/confirm-dialog.tsx';

export type EventAction = 'leave' | 'delete' | 'delete-for-good' | 'restore';

/** Brings a deleted event back; the database may refuse (not the creator, events-at-once limit). */
export function restoreEvent(event: EventRow, queue: Queue): void {
  queue('event.restore', { id: event.id }, `restore ${event.name}`);
}

type Queue = <K extends KindName>(kind: K, args: RawArgs<K>, label: string) => void;

/** Queues a change and hands its id to the dashboard, which shows a refusal if one comes back. */
export function queueChange(
  onQueued: (mutationId: string, label: string) => void,
  onError: (text: string) => void,
): Queue {
  return (kind, args, label) => {
    mutate(kind, args).then(
      (queued) => onQueued(queued.mutationId, label),
      () => onError(`Could not ${label}`),
    );
  };
}

export function confirmRequest(
  action: Exclude<EventAction, 'restore'>,
  event: EventRow,
  myRole: EventRole | null,
  memberCount: number,
  queue: Queue,
  onTransfer?: (eventId: string) => void,
): ConfirmRequest {
  if (action === 'leave') {
    const outcome = leaveOutcome(myRole, memberCount);
    if (outcome === 'creator-blocked' && onTransfer) {
      return {
        title: 'You cannot leave this event',
        body: CREATOR_CANNOT_LEAVE,
        confirmLabel: 'Transfer ownership',
        onConfirm: () => onTransfer(event.id),
      };
    }
    if (outcome === 'creator-blocked' || outcome === 'not-member') {
      return {
        title: 'You cannot leave this event',
        body: outcome === 'not-member' ? 'You are not a member of this event' : CREATOR_CANNOT_LEAVE,
        confirmLabel: 'Close',
        isInfoOnly: true,
        onConfirm: () => undefined,
      };
    }
    return {
      title: `Leave ${event.name}?`,
      body:
        outcome === 'deletes-event'
          ? 'You are the only member, so leaving deletes this event permanently, with everything in it.'
          : 'You will no longer see this event. A manager can add you again, or you can come back through its join link.',
      confirmLabel: 'Leave event',
      isDestructive: true,
      onConfirm: () => queue('event.leave', { id: event.id }, `leave ${event.name}`),
    };
  }
  if (action === 'delete') {
    return {
      title: `Delete ${event.name}?`,
      body: 'The event moves to Deleted, where you can still delete it for good.',
      confirmLabel: 'Delete event',
      isDestructive: true,
      onConfirm: () => queue('event.soft-delete', { id: event.id }, `delete ${event.name}`),
    };
  }
  return {
    title: `Delete ${event.name} for good?`,
    body: 'The event, its members, invitations and everything planned in it are removed permanently. This cannot be undone.',
    confirmLabel: 'Delete for good',
    isDestructive: true,
    onConfirm: () => queue('event.delete', { id: event.id }, `delete ${event.name} for good`),
  };
}
