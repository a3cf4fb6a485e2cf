import { Button } from '@chakra-ui/react';
import { CalendarDays, EllipsisVertical, MapPin, RotateCcw, Users } from 'lucide-react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { shallow } from 'zustand/shallow';
import { paths } from '../../lib/paths.ts';
import { listClasses, type BadgeTone } from '../../components/list-classes.ts';
import type { EventRow } from '../events/index.ts';
import type { MemberSummary } from '../events/index.ts';
import { formatDateRange } from '../events/index.ts';
import { useOnDemand } from '../../lib/lazy-page.ts';
import type { EventActionsMenuProps } from './event-actions-menu.tsx';
import type { EventAction } from './event-actions.ts';
import { EventNeedsLines, needsLines } from './event-needs-lines.tsx';
import { timingText, type EventNeeds } from './home-needs.ts';
import type { EventSection } from '../../lib/paths.ts';

const ROLE_LABELS = { creator: 'Creator', admin: 'Admin', member: 'Member' } as const;

const loadActionsMenu = () => import('./event-actions-menu.tsx');

/**
 * The actions button; the menu's code loads when it is first opened. Until then a plain button
 * with the menu trigger's look (list-classes.ts) stands in: it warms the code on hover or focus.
 */
function EventActions(props: EventActionsMenuProps) {
  const menu = useOnDemand(loadActionsMenu);
  if (menu.module) return <menu.module.EventActionsMenu {...props} />;
  return (
    <button
      type="button"
      className={listClasses.iconButton}
      aria-label={`Actions for ${props.eventName}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={menu.warm}
      onFocus={menu.warm}
      onClick={menu.open}
    >
      <EllipsisVertical aria-hidden />
    </button>
  );
}

/** The timing badge's tone: happening now stands out, a past event is grey. */
const TIMING_TONES: Record<EventNeeds['timing']['kind'], BadgeTone> = {
  now: 'ember-solid',
  past: 'gray',
  upcoming: 'forest',
  undated: 'forest',
};

interface EventCardProps {
  event: EventRow;
  summary: MemberSummary | undefined;
  /** What needs me in this event (the home's lines); undefined while the device is read. */
  needs: EventNeeds | undefined;
  /** Whether a page of this event is open to me (not locked by its tier). */
  isOpen(eventId: string, section: EventSection): boolean;
  onAction(eventId: string, action: EventAction): void;
}

/** A card renders again only when its own event or crew changed (not when another card's did). */
function sameCard(before: EventCardProps, after: EventCardProps): boolean {
  return (
    before.onAction === after.onAction &&
    before.isOpen === after.isOpen &&
    shallow(before.event, after.event) &&
    JSON.stringify(before.needs ?? null) === JSON.stringify(after.needs ?? null) &&
    shallow(before.summary ?? null, after.summary ?? null)
  );
}

/** One event on the home: name (opens it), when, dates, place, crew size, my role, what needs me, and its actions. */
export const EventCard = memo(function EventCard({
  event,
  summary,
  needs,
  isOpen,
  onAction: onEventAction,
}: EventCardProps) {
  const onAction = (action: EventAction) => onEventAction(event.id, action);
  const dates = formatDateRange(event.start_date, event.end_date);
  const isCreator = summary?.myRole === 'creator';
  const isDeleted = event.status === 'deleted';
  const isSaving = event.id.startsWith('temp-');
  const actions: { value: Exclude<EventAction, 'restore'>; label: string }[] = [
    ...(isDeleted ? [] : [{ value: 'leave' as const, label: 'Leave event' }]),
    ...(isCreator && !isDeleted ? [{ value: 'delete' as const, label: 'Delete event' }] : []),
    ...(isCreator ? [{ value: 'delete-for-good' as const, label: 'Delete for good' }] : []),
  ];
  // Plain elements with static classes (list-classes.ts): the home's first render draws these.
  return (
    <article aria-label={event.name} className={listClasses.card}>
      <div className={listClasses.head}>
        <div className={listClasses.stack}>
          {isDeleted ? (
            <p className={listClasses.title}>{event.name}</p>
          ) : (
            <RouterLink className={listClasses.title} to={paths.event.href(event.id)}>
              {event.name}
            </RouterLink>
          )}
          <div className={listClasses.row}>
            {summary?.myRole ? (
              <span className={listClasses.badge} data-tone={summary.myRole === 'member' ? 'gray' : 'forest'}>
                {ROLE_LABELS[summary.myRole]}
              </span>
            ) : null}
            {needs && !isDeleted ? (
              <span className={listClasses.badge} data-tone={TIMING_TONES[needs.timing.kind]}>
                {timingText(needs.timing)}
              </span>
            ) : null}
            {isSaving ? (
              <span className={listClasses.badge} data-tone="outline">
                Not synced yet
              </span>
            ) : null}
          </div>
        </div>
        {actions.length ? <EventActions eventName={event.name} actions={actions} onAction={onAction} /> : null}
      </div>
      <div className={listClasses.facts}>
        <div>
          <CalendarDays size={16} aria-hidden />
          <span>{dates ?? 'No dates yet'}</span>
        </div>
        {event.location ? (
          <div>
            <MapPin size={16} aria-hidden />
            <span data-truncate="">{event.location}</span>
          </div>
        ) : null}
        <div>
          <Users size={16} aria-hidden />
          <span>{summary?.count === 1 ? '1 member' : `${summary?.count ?? 0} members`}</span>
        </div>
      </div>
      {needs && !isDeleted ? (
        <EventNeedsLines eventId={event.id} lines={needsLines(needs, (section) => isOpen(event.id, section))} />
      ) : null}
      {isDeleted && isCreator ? (
        <Button
          variant="outline"
          size="sm"
          alignSelf="start"
          aria-label={`Restore ${event.name}`}
          onClick={() => onAction('restore')}
        >
          <RotateCcw aria-hidden />
          Restore
        </Button>
      ) : null}
    </article>
  );
}, sameCard);
