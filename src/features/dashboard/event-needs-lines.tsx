import { format, parseISO } from 'date-fns';
import { CalendarClock, Car, ListChecks, MessageCircle, Sparkles, Wallet, type LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { listClasses } from '../../components/list-classes.ts';
import { paths, type EventSection } from '../../lib/paths.ts';
import { formatMoney } from '../expenses/index.ts';
import type { EventNeeds, MyRide } from './home-needs.ts';

const when = (t: string) => format(parseISO(t.slice(0, 19)), 'EEE HH:mm');

function rideText(ride: MyRide): string {
  if (ride.kind === 'driving') return `You drive, leaving ${when(ride.departs_at)}`;
  if (ride.kind === 'riding') return `You have a seat, leaving ${when(ride.departs_at)}`;
  return 'No ride yet';
}

function balanceText(balance: number, currency: string): string {
  if (balance < 0) return `You owe ${formatMoney(-balance, currency)}`;
  if (balance > 0) return `You get back ${formatMoney(balance, currency)}`;
  return 'All settled';
}

interface Line {
  section: EventSection;
  icon: LucideIcon;
  text: string;
  /** Something to act on (shown in the accent colour). */
  isUrgent?: boolean;
  /** When a page has two lines (my items and what is new there). */
  key?: string;
}

const NEWS_SECTIONS = ['checklists', 'expenses', 'schedule', 'transport', 'camp-planner'] as const;
const NEWS_LABELS: Record<(typeof NEWS_SECTIONS)[number], string> = {
  checklists: 'Checklists',
  expenses: 'Expenses',
  schedule: 'Schedule',
  transport: 'Transport',
  'camp-planner': 'Site Planner',
};

/** The lines of one event, in the order a member checks them; sections locked for the event are left out. */
export function needsLines(needs: EventNeeds, isOpen: (section: EventSection) => boolean): Line[] {
  const isPast = needs.timing.kind === 'past';
  const lines: Line[] = [];
  if (needs.unread > 0)
    lines.push({
      section: 'chat',
      icon: MessageCircle,
      text: needs.unread === 1 ? '1 unread message' : `${needs.unread} unread messages`,
      isUrgent: true,
    });
  if (!isPast && needs.next)
    lines.push({
      section: 'schedule',
      icon: CalendarClock,
      text: `Next: ${needs.next.title}, ${when(needs.next.starts_at)}`,
    });
  if (needs.openItems.count > 0) {
    const more = needs.openItems.count - 1;
    lines.push({
      section: 'checklists',
      icon: ListChecks,
      text: `${needs.openItems.count === 1 ? '1 open item' : `${needs.openItems.count} open items`} for you: ${needs.openItems.first ?? ''}${more ? ` and ${more} more` : ''}`,
      isUrgent: true,
    });
  }
  if (needs.balance !== null && !(isPast && needs.balance === 0))
    lines.push({
      section: 'expenses',
      icon: Wallet,
      text: balanceText(needs.balance, needs.currency),
      isUrgent: needs.balance < 0,
    });
  if (!isPast)
    lines.push({ section: 'transport', icon: Car, text: rideText(needs.ride), isUrgent: needs.ride.kind === 'none' });
  // What others changed since my last visit, page by page.
  for (const section of NEWS_SECTIONS) {
    const count = needs.news?.[section] ?? 0;
    if (count > 0)
      lines.push({ section, icon: Sparkles, text: `${count} new in ${NEWS_LABELS[section]}`, key: `${section}-news` });
  }
  return lines.filter((line) => isOpen(line.section));
}

/** "What needs me" in one event: each line opens its page. */
export function EventNeedsLines({ eventId, lines }: { eventId: string; lines: Line[] }) {
  if (!lines.length) return null;
  return (
    <ul aria-label="What needs you" className={listClasses.lines}>
      {lines.map((line) => (
        <li key={line.key ?? line.section}>
          <RouterLink
            className={listClasses.line}
            to={paths.eventSection.href(eventId, line.section)}
            data-needs={line.key ?? line.section}
            data-urgent={line.isUrgent ? '' : undefined}
          >
            <line.icon aria-hidden />
            <span>{line.text}</span>
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}
