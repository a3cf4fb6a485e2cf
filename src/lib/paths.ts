/**
 * Every route of the app (spec section 2) with its pattern for the router and an href builder for
 * links, so no component spells a path by hand.
 */
const enc = encodeURIComponent;

export type EventSection = 'chat' | 'checklists' | 'expenses' | 'schedule' | 'transport' | 'camp-planner';

export const PROFILE_TABS = ['details', 'notifications', 'subscription', 'friends'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const ADMIN_TABS = ['settings', 'waitlist', 'accounts', 'admins', 'activity'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const paths = {
  root: { path: '/', href: () => '/' },
  landing: { path: '/landing', href: () => '/landing' },
  waitlist: {
    path: '/waitlist',
    /** `join`: scrolled to the join-the-waitlist form (below the sign-in form). */
    href: (options: { join?: boolean } = {}) => (options.join ? '/waitlist#join' : '/waitlist'),
  },
  login: { path: '/login', href: () => '/login' },
  register: {
    path: '/register',
    href: (token?: string) => (token ? `/register?token=${enc(token)}` : '/register'),
  },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  friendInvite: { path: '/friends/invite/:code', href: (code: string) => `/friends/invite/${enc(code)}` },
  checkoutSuccess: { path: '/checkout/success/:id', href: (id: string) => `/checkout/success/${enc(id)}` },
  subscriptionSuccess: {
    path: '/checkout/subscription/success',
    href: (query: { tier: string; sessionId?: string; mock?: boolean }) => {
      const params = new URLSearchParams({ tier: query.tier });
      if (query.sessionId) params.set('session_id', query.sessionId);
      if (query.mock) params.set('mock', 'true');
      return `/checkout/subscription/success?${params.toString()}`;
    },
  },
  join: { path: '/join', href: (eventId: string) => `/join?id=${enc(eventId)}` },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  organizer: { path: '/organizer', href: () => '/organizer' },
  subscription: {
    path: '/subscription',
    href: (options: { upgradeCancelled?: boolean } = {}) =>
      options.upgradeCancelled ? '/subscription?upgrade_cancelled=true' : '/subscription',
  },
  event: {
    path: '/events/:eventId',
    /** `invite`: open with the members dialog (the invite step), as after creating the event. */
    href: (eventId: string, options: { invite?: boolean } = {}) =>
      `/events/${enc(eventId)}${options.invite ? '?invite=1' : ''}`,
  },
  eventSection: {
    path: (section: EventSection) => `/events/:eventId/${section}`,
    href: (eventId: string, section: EventSection) => `/events/${enc(eventId)}/${section}`,
  },
  profile: {
    path: '/profile',
    href: (tab: ProfileTab = 'details') => `/profile/${tab}`,
  },
  admin: {
    path: '/admin',
    href: (tab: AdminTab = 'settings') => `/admin/${tab}`,
  },
} as const;

/** The event id of an /events/{id} path (any sub-page), or null elsewhere. */
export function eventIdFromPath(pathname: string): string | null {
  const match = /^\/events\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}
