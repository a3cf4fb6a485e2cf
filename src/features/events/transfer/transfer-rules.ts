/**
 * What handing an event over changes (decisions "Tiers", "Events"): the event's tier follows the
 * new creator's, so a lower tier locks features (nothing is deleted) and can leave the event over
 * its member and co-organizer limits. The dialog words it before the database decides.
 */
import { tierLimits } from '../../../access/tier-limits.ts';
import { tierRank, type Tier } from '../../../access/tiers.ts';

/** The event features each tier adds, in the words of the tier rules (spec section 6). */
const FEATURES_OF: Record<Tier, string[]> = {
  free: [],
  starter: [
    'transport',
    'the site planner',
    'automated expense splitting',
    'templates and cloning',
    'extended chat and schedule',
    'WhatsApp import',
    'simple exports',
  ],
  organizer: [
    'advanced expense splitting',
    'white label',
    'priority notifications',
    'structured imports',
    'the premium site planner',
    'premium transport',
  ],
};

/** The features an event loses moving from `from` to the lower tier `to` (empty when it does not go down). */
export function lockedFeatures(from: Tier, to: Tier): string[] {
  if (tierRank(to) >= tierRank(from)) return [];
  return (['starter', 'organizer'] as const)
    .filter((tier) => tierRank(tier) > tierRank(to) && tierRank(tier) <= tierRank(from))
    .flatMap((tier) => FEATURES_OF[tier]);
}

function list(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The warning for handing an event on tier `from` with `memberCount` members and `adminCount`
 * admins (the current creator becoming one included) to someone on `to`; null when nothing is lost.
 */
export function transferWarning(
  name: string,
  from: Tier,
  to: Tier,
  memberCount: number,
  adminCount: number,
): string | null {
  const locked = lockedFeatures(from, to);
  if (!locked.length) return null;
  const limits = tierLimits(to);
  const parts = [
    `${name} is on the ${to} plan, so this event moves to the ${to} plan: ${list(locked)} will be locked. Nothing is deleted; it all comes back if ${name} upgrades.`,
  ];
  if (memberCount > limits.maxMembersPerEvent)
    parts.push(
      `The event has ${memberCount} members, more than the ${to} plan's ${limits.maxMembersPerEvent}: everyone stays, but no one new can join.`,
    );
  if (adminCount > limits.maxCoOrganizers)
    parts.push(
      `${adminCount === 1 ? 'Its admin stays an admin' : `Its ${adminCount} admins stay admins`}, but no one else can be made one.`,
    );
  return parts.join(' ');
}
