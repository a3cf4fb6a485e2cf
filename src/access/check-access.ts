/**
 * Access checks of spec section 6 and decisions "Tiers", as a pure function: the same answers as
 * the database's `check_access(p_key, p_event_id)`, computed on the device so that the UI can
 * explain a gate offline. The database stays the one that enforces them.
 *
 * - Tier features (event_chat, event_transport, ...): with an event, a non-member gets no_access
 *   and a member's access follows the event's tier; without an event, the user's own tier.
 * - dashboard_page and profile: every signed-in user. admin_panel: site admins.
 * - Other keys: the component_access role lists; without a list, keys prefixed admin_ are for
 *   admins only and the rest are open.
 */
import { tierRank, type Tier } from './tiers.ts';

type Access = 'full_access' | 'gated_access' | 'no_access';
type Role = 'user' | 'admin';

export interface AccessResult {
  access: Access;
  requiredTier: Tier | null;
  currentTier: Tier | null;
  feature: string;
}

export interface AccessContext {
  /** The signed-in user; null when nobody is signed in. */
  user: { role: Role; tier: Tier } | null;
  /** The event the feature belongs to, when the check is about one event. */
  event?: { accessTier: Tier; isMember: boolean } | null;
  /** app_settings.component_access: component key to the roles allowed. */
  componentAccess?: Readonly<Record<string, readonly string[]>> | null;
}

const FEATURE_TIERS: Readonly<Record<string, Tier>> = {
  event_chat: 'free',
  event_checklists: 'free',
  event_expenses: 'free',
  event_schedule: 'free',
  basic_checklists: 'free',
  chat: 'free',
  manual_expenses: 'free',
  schedule: 'free',
  event_transport: 'starter',
  event_camp_planner: 'starter',
  automated_expense_splitting: 'starter',
  templates_cloning: 'starter',
  extended_chat: 'starter',
  extended_schedule: 'starter',
  basic_transport: 'starter',
  basic_site_planner: 'starter',
  whatsapp_import: 'starter',
  simple_exports: 'starter',
  advanced_expense_splitting: 'organizer',
  multi_event_dashboard: 'organizer',
  duplicate_templates: 'organizer',
  white_label: 'organizer',
  priority_notifications: 'organizer',
  structured_imports: 'organizer',
  premium_site_planner: 'organizer',
  premium_transport: 'organizer',
};

/** The lowest tier that has a feature; null for keys that are not tier features. */
export function featureRequiredTier(key: string): Tier | null {
  return Object.hasOwn(FEATURE_TIERS, key) ? FEATURE_TIERS[key] : null;
}

export function checkAccess(key: string, ctx: AccessContext): AccessResult {
  const { user, event = null, componentAccess = null } = ctx;
  const requiredTier = featureRequiredTier(key);
  if (requiredTier) {
    if (!user || (event && !event.isMember)) {
      return { access: 'no_access', requiredTier, currentTier: null, feature: key };
    }
    const currentTier = event ? event.accessTier : user.tier;
    const access = tierRank(currentTier) >= tierRank(requiredTier) ? 'full_access' : 'gated_access';
    return { access, requiredTier, currentTier, feature: key };
  }

  let isAllowed: boolean;
  if (!user) {
    isAllowed = false;
  } else if (key === 'dashboard_page' || key === 'profile') {
    isAllowed = true;
  } else if (key === 'admin_panel') {
    isAllowed = user.role === 'admin';
  } else {
    const roles = componentAccess && Object.hasOwn(componentAccess, key) ? componentAccess[key] : null;
    isAllowed = Array.isArray(roles) ? roles.includes(user.role) : !key.startsWith('admin_') || user.role === 'admin';
  }
  return {
    access: isAllowed ? 'full_access' : 'no_access',
    requiredTier: null,
    currentTier: user?.tier ?? null,
    feature: key,
  };
}
