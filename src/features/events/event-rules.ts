/**
 * The event rules the screens explain before the database decides (spec sections 4, 5, 9; the
 * database enforces the same rules with the same words): who manages an event, the tier limits on
 * creating one, and what leaving does.
 */
import { tierLimits, type TierLimits } from '../../access/tier-limits.ts';
import type { Tier } from '../../access/tiers.ts';

export type EventRole = 'creator' | 'admin' | 'member';

const NEXT_TIER: Record<Tier, Tier | null> = { free: 'starter', starter: 'organizer', organizer: null };

/** Managers are the creator and the event's admins. */
export function isManagerRole(role: EventRole | null | undefined): boolean {
  return role === 'creator' || role === 'admin';
}

/** Days from start to end, both included; null without both dates or with the end first. */
export function planningDays(startDate: string | null | undefined, endDate: string | null | undefined): number | null {
  if (!startDate || !endDate || endDate < startDate) return null;
  const ms = Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** The refusal of a new active event when the creator's plan is full, or null when there is room. */
export function eventsAtOnceRefusal(tier: Tier, limits: TierLimits, activeCreated: number): string | null {
  if (activeCreated < limits.maxEventsSimultaneously) return null;
  const up = NEXT_TIER[tier];
  return (
    `Your ${tier} plan allows ${limits.maxEventsSimultaneously} active events at once.` +
    (up ? ` Upgrade to ${up} for more.` : ' Archive or delete one of your events to make room.')
  );
}

/** The refusal of dates longer than the plan allows, or null when they fit. */
export function planningDaysRefusal(
  tier: Tier,
  limits: TierLimits,
  days: number | null,
  upLimits?: TierLimits,
): string | null {
  if (days === null || days <= limits.maxPlanningDays) return null;
  const up = NEXT_TIER[tier];
  return (
    `Your ${tier} plan allows events of up to ${limits.maxPlanningDays} days; this one spans ${days} days.` +
    (up && upLimits ? ` Upgrade to ${up} for up to ${upLimits.maxPlanningDays} days.` : ' Shorten the dates.')
  );
}

/** The refusal of an event from `startDate` to `endDate` on `tier`'s plan, naming the next plan's limit. */
export function datesRefusal(tier: Tier, startDate: string, endDate: string): string | null {
  const up = NEXT_TIER[tier];
  return planningDaysRefusal(tier, tierLimits(tier), planningDays(startDate, endDate), up ? tierLimits(up) : undefined);
}

export type LeaveOutcome = 'not-member' | 'creator-blocked' | 'deletes-event' | 'leaves';

/** What leaving does (spec section 4): refused for a non-member and for a creator with others; a sole member deletes the event. */
export function leaveOutcome(myRole: EventRole | null, memberCount: number): LeaveOutcome {
  if (!myRole) return 'not-member';
  if (memberCount <= 1) return 'deletes-event';
  if (myRole === 'creator') return 'creator-blocked';
  return 'leaves';
}

export const CREATOR_CANNOT_LEAVE =
  'As the creator you cannot leave while others are still members. Transfer ownership or delete the event.';
