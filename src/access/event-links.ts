/**
 * The event section's links of the sidebar and when each is locked: a link is dimmed with
 * 'Upgrade to {tier} to unlock this feature' when checkAccess gives gated or no access for the
 * event (its tier is the creator's; the database enforces the same rule).
 */
import { checkAccess } from './check-access.ts';
import { upgradeText, type Tier } from './tiers.ts';
import type { EventSection } from '../lib/paths.ts';

export const EVENT_LINKS: { section: EventSection; label: string; accessKey: string }[] = [
  { section: 'chat', label: 'Group Chat', accessKey: 'event_chat' },
  { section: 'checklists', label: 'Checklists', accessKey: 'event_checklists' },
  { section: 'expenses', label: 'Expenses', accessKey: 'event_expenses' },
  { section: 'schedule', label: 'Schedule', accessKey: 'event_schedule' },
  { section: 'transport', label: 'Transport', accessKey: 'event_transport' },
  { section: 'camp-planner', label: 'Site Planner', accessKey: 'event_camp_planner' },
];

/** Why a section is locked for this user and event, or null when it is open (or the event is not known yet). */
export function lockedReason(
  accessKey: string,
  user: { role: 'user' | 'admin'; tier: Tier } | null,
  event: { accessTier: Tier; isMember: boolean } | null,
): string | null {
  if (!user || !event) return null;
  const result = checkAccess(accessKey, { user: { role: user.role, tier: user.tier }, event });
  if (result.access === 'full_access' || !result.requiredTier) return null;
  return upgradeText(result.requiredTier);
}
