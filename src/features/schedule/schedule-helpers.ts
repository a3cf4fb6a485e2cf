/**
 * Pure helpers of the schedule screen. Times are wall-clock times at the event's place
 * (`YYYY-MM-DDTHH:mm:ss`), compared as text. The window check explains, before sending, what the
 * database will refuse (src: the schedule_items rules of the event pages migration): an item
 * inside the event's dates, within the tier's planning days, multi-day items on starter and up.
 */
import { tierLimits } from '../../access/tier-limits.ts';
import { tierRank, type Tier } from '../../access/tiers.ts';

export interface Timed {
  id: string;
  starts_at: string;
  ends_at: string;
}

const datePart = (t: string) => t.slice(0, 10);

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The last day an item covers (an end at midnight belongs to the day before). */
export function lastDay(item: Pick<Timed, 'ends_at'>): string {
  const day = datePart(item.ends_at);
  return item.ends_at.slice(11) <= '00:00:00' || item.ends_at.length === 10 ? addDays(day, -1) : day;
}

/** One clash of an item: the other item, and who is assigned to both. */
export interface Clash {
  id: string;
  people: string[];
}

/**
 * The clashes of each item: another item it overlaps in time (touching ends do not clash) with
 * someone assigned to both. Overlaps that share nobody are normal (two workshops at once).
 * `assignees` are the event's assignee rows; the people of a clash keep their order there.
 */
export function clashes<T extends Timed>(
  items: readonly T[],
  assignees: readonly { item_id: string; user_id: string }[],
): Map<string, Clash[]> {
  const people = new Map<string, string[]>();
  for (const { item_id, user_id } of assignees) {
    const list = people.get(item_id) ?? [];
    if (!list.includes(user_id)) people.set(item_id, [...list, user_id]);
  }
  const sorted = [...items].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id));
  const out = new Map<string, Clash[]>();
  const add = (a: string, clash: Clash) => out.set(a, [...(out.get(a) ?? []), clash]);
  for (let i = 0; i < sorted.length; i++) {
    const mine = people.get(sorted[i].id) ?? [];
    if (mine.length === 0) continue;
    for (let j = i + 1; j < sorted.length && sorted[j].starts_at < sorted[i].ends_at; j++) {
      const theirs = people.get(sorted[j].id) ?? [];
      const shared = mine.filter((user) => theirs.includes(user));
      if (shared.length === 0) continue;
      add(sorted[i].id, { id: sorted[j].id, people: shared });
      add(sorted[j].id, { id: sorted[i].id, people: shared });
    }
  }
  return out;
}

/** Items per day (`YYYY-MM-DD`), days in order, an item on every day it covers. */
export function byDay<T extends Timed>(items: readonly T[]): Array<{ day: string; items: T[] }> {
  const days = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id))) {
    const first = datePart(item.starts_at);
    const last = lastDay(item) < first ? first : lastDay(item);
    for (let day = first; day <= last; day = addDays(day, 1)) days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, list]) => ({ day, items: list }));
}

export interface ScheduleEvent {
  start_date: string | null;
  end_date: string | null;
  access_tier: Tier;
}

/**
 * The database's message for an item it would refuse, or null. `others`: the event's other items
 * (for an event without dates, whose whole schedule must fit the planning days).
 */
export function scheduleProblem(event: ScheduleEvent, item: Timed, others: readonly Timed[] = []): string | null {
  if (item.ends_at <= item.starts_at) return 'An item must end after it starts.';
  if (lastDay(item) > datePart(item.starts_at) && tierRank(event.access_tier) < tierRank('starter'))
    return 'Items that span several days are part of the extended schedule. Upgrade to starter to unlock this feature';
  const endLimit = event.end_date ? `${addDays(event.end_date, 1)}T00:00:00` : null;
  if ((event.start_date && item.starts_at < `${event.start_date}T00:00:00`) || (endLimit && item.ends_at > endLimit)) {
    return event.start_date && event.end_date
      ? `Schedule items must fall within the event's dates (${event.start_date} to ${event.end_date}).`
      : "Schedule items must fall within the event's dates.";
  }
  const limits = tierLimits(event.access_tier);
  let first: string;
  let last = lastDay(item);
  if (event.start_date) {
    first = event.start_date;
    if (last < first) last = first;
  } else {
    const all = [...others.filter((o) => o.id !== item.id), item];
    first = all.map((o) => datePart(o.starts_at)).sort()[0];
    last = all
      .map((o) => lastDay(o))
      .sort()
      .reverse()[0];
    if (last < first) last = first;
  }
  const days = daysBetween(first, last) + 1;
  if (days > limits.maxPlanningDays) {
    const up: Tier | null =
      event.access_tier === 'free' ? 'starter' : event.access_tier === 'starter' ? 'organizer' : null;
    return (
      `Your ${event.access_tier} plan allows a schedule of up to ${limits.maxPlanningDays} planning days; this item would make it ${days} days.` +
      (up ? ` Upgrade to ${up} for up to ${tierLimits(up).maxPlanningDays} days.` : '')
    );
  }
  return null;
}
