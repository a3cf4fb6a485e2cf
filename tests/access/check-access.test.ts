import { describe, expect, it } from 'vitest';
import { checkAccess, featureRequiredTier, type AccessContext } from '../../src/access/check-access.ts';

const user = (role: 'user' | 'admin' = 'user', tier: 'free' | 'starter' | 'organizer' = 'free') => ({ role, tier });
const member = (accessTier: 'free' | 'starter' | 'organizer') => ({ accessTier, isMember: true });

describe('checkAccess: pages', () => {
  it('opens dashboard_page and profile to every signed-in user, and to nobody signed out', () => {
    for (const key of ['dashboard_page', 'profile']) {
      expect(checkAccess(key, { user: user() }).access).toBe('full_access');
      expect(checkAccess(key, { user: user('admin', 'organizer') }).access).toBe('full_access');
      expect(checkAccess(key, { user: null }).access).toBe('no_access');
    }
  });

  it('keeps admin_panel for site admins', () => {
    expect(checkAccess('admin_panel', { user: user('user', 'organizer') })).toEqual({
      access: 'no_access',
      requiredTier: null,
      currentTier: 'organizer',
      feature: 'admin_panel',
    });
    expect(checkAccess('admin_panel', { user: user('admin') }).access).toBe('full_access');
  });

  it('follows component_access lists for other keys', () => {
    const componentAccess = { reports: ['admin'], admin_stats: ['user', 'admin'] };
    expect(checkAccess('reports', { user: user(), componentAccess }).access).toBe('no_access');
    expect(checkAccess('reports', { user: user('admin'), componentAccess }).access).toBe('full_access');
    expect(checkAccess('admin_stats', { user: user(), componentAccess }).access).toBe('full_access');
  });

  it('without a list denies admin_ keys to users and allows the rest', () => {
    expect(checkAccess('admin_reports', { user: user() }).access).toBe('no_access');
    expect(checkAccess('admin_reports', { user: user('admin') }).access).toBe('full_access');
    expect(checkAccess('shop', { user: user() }).access).toBe('full_access');
    expect(checkAccess('toString', { user: user(), componentAccess: {} }).access).toBe('full_access');
  });
});

describe('checkAccess: tier features', () => {
  it('gives a free event the basic features and gates transport and the site planner at starter', () => {
    const ctx: AccessContext = { user: user('user', 'organizer'), event: member('free') };
    for (const key of ['event_chat', 'event_checklists', 'event_expenses', 'event_schedule']) {
      expect(checkAccess(key, ctx)).toEqual({
        access: 'full_access',
        requiredTier: 'free',
        currentTier: 'free',
        feature: key,
      });
    }
    for (const key of ['event_transport', 'event_camp_planner']) {
      expect(checkAccess(key, ctx)).toEqual({
        access: 'gated_access',
        requiredTier: 'starter',
        currentTier: 'free',
        feature: key,
      });
    }
  });

  it("uses the event's tier, not the member's own", () => {
    expect(checkAccess('event_transport', { user: user('user', 'free'), event: member('starter') }).access).toBe(
      'full_access',
    );
    expect(checkAccess('premium_transport', { user: user('user', 'free'), event: member('starter') })).toMatchObject({
      access: 'gated_access',
      requiredTier: 'organizer',
      currentTier: 'starter',
    });
    expect(checkAccess('premium_transport', { user: user(), event: member('organizer') }).access).toBe('full_access');
  });

  it('refuses a non-member', () => {
    expect(checkAccess('event_chat', { user: user(), event: { accessTier: 'organizer', isMember: false } })).toEqual({
      access: 'no_access',
      requiredTier: 'free',
      currentTier: null,
      feature: 'event_chat',
    });
  });

  it("without an event uses the user's own tier", () => {
    expect(checkAccess('multi_event_dashboard', { user: user('user', 'starter') }).access).toBe('gated_access');
    expect(checkAccess('multi_event_dashboard', { user: user('user', 'organizer') }).access).toBe('full_access');
    expect(checkAccess('event_chat', { user: null }).access).toBe('no_access');
  });

  it('names the lowest tier of each feature', () => {
    expect(featureRequiredTier('chat')).toBe('free');
    expect(featureRequiredTier('whatsapp_import')).toBe('starter');
    expect(featureRequiredTier('white_label')).toBe('organizer');
    expect(featureRequiredTier('dashboard_page')).toBeNull();
    expect(featureRequiredTier('constructor')).toBeNull();
  });
});
