import { describe, expect, it } from 'vitest';
import { searchAccounts, type AdminAccount } from '../../src/features/admin/account-search.ts';
import { actionLabel, dayRange, describeActivity, type ActivityRow } from '../../src/features/admin/activity-filter.ts';
import { AdminError, errorText, functionErrorMessage, procedureError } from '../../src/features/admin/admin-errors.ts';

const account = (name: string, email: string): AdminAccount => ({
  id: email,
  email,
  name,
  avatar: null,
  role: 'user',
  subscription_tier: 'free',
  created_at: '2026-01-01T00:00:00Z',
  last_sign_in_at: null,
  is_banned: false,
});

describe('admin error texts', () => {
  it("shows a server function's error field, else 'HTTP {status}: {fallback}'", () => {
    expect(functionErrorMessage(400, { error: 'You cannot suspend your own account' }, 'Failed to suspend user')).toBe(
      'You cannot suspend your own account',
    );
    expect(functionErrorMessage(502, null, 'Failed to delete user')).toBe('HTTP 502: Failed to delete user');
    expect(functionErrorMessage(500, { error: '' }, 'Failed to fetch users')).toBe('HTTP 500: Failed to fetch users');
  });

  it("keeps the spec's fallback as the message and the server's reason as the detail", () => {
    const error = procedureError('Failed to remove admin', 'Cannot remove the last admin');
    expect(errorText(error, 'x')).toEqual({
      message: 'Failed to remove admin',
      detail: 'Cannot remove the last admin',
    });
    expect(procedureError('Failed to add admin', 'Failed to add admin').detail).toBeNull();
    expect(errorText(new TypeError('fetch failed'), 'Failed to fetch waitlist')).toEqual({
      message: 'Failed to fetch waitlist',
      detail: null,
    });
    expect(new AdminError('a').detail).toBeNull();
  });
});

describe('account search and paging', () => {
  const all = Array.from({ length: 23 }, (_, i) => account(`Person ${i}`, `p${i}@crewcamp.local`)).concat(
    account('Marco Rossi', 'marco@crewcamp.local'),
  );

  it('matches every word in name or email, any case', () => {
    expect(searchAccounts(all, 'marco ROSSI', 1, 10).accounts.map((a) => a.email)).toEqual(['marco@crewcamp.local']);
    expect(searchAccounts(all, 'rossi nobody', 1, 10).total).toBe(0);
  });

  it('pages the matches and keeps the page in range', () => {
    const page3 = searchAccounts(all, '', 3, 10);
    expect(page3).toMatchObject({ total: 24, page: 3, pageCount: 3 });
    expect(page3.accounts).toHaveLength(4);
    expect(searchAccounts(all, '', 9, 10).page).toBe(3);
    expect(searchAccounts([], '', 1, 10)).toMatchObject({ total: 0, page: 1, pageCount: 1 });
  });
});

describe('activity log', () => {
  it('turns a local day into the instants it spans', () => {
    const range = dayRange('2026-03-29')!;
    expect(new Date(range.from).getDate()).toBe(29);
    expect(new Date(range.to).getTime() - new Date(range.from).getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(dayRange('')).toBeNull();
    expect(dayRange('29.03.2026')).toBeNull();
  });

  it('describes what an entry did and to whom', () => {
    const row = (action: string, details: Record<string, unknown>, target: string | null = null): ActivityRow => ({
      id: '1',
      actor_id: null,
      action,
      target_type: null,
      target_id: target,
      details,
      created_at: '2026-01-01T00:00:00Z',
      actor: null,
    });
    expect(describeActivity(row('toggle_feature', { enabled: false }, 'waitlist_enabled'))).toBe(
      'waitlist_enabled turned off',
    );
    expect(describeActivity(row('process_waitlist_entry', { email: 'a@b.c', status: 'approved', notes: 'ok' }))).toBe(
      'a@b.c: approved (ok)',
    );
    expect(describeActivity(row('update_user_tier', { tier: 'starter', previous: 'free' }, 'u1'))).toBe(
      'a user: free → starter',
    );
    expect(describeActivity(row('suspend_user', { email: 'x@y.z' }, 'u2'))).toBe('x@y.z');
  });

  it('names the person a user entry is about, never by a raw user id', () => {
    const entry = (action: string, details: Record<string, unknown>, target: ActivityRow['target']): ActivityRow => ({
      id: '1',
      actor_id: 'admin-1',
      action,
      target_type: 'user',
      target_id: '6f1c2a9e-0000-4000-8000-000000000001',
      details,
      created_at: '2026-01-01T00:00:00Z',
      actor: { name: 'Ada Admin', email: 'ada@example.com' },
      target,
    });
    const mia = { name: 'Mia Berg', email: 'mia@example.com' };
    expect(describeActivity(entry('update_user_tier', { tier: 'starter', previous: 'free' }, mia))).toBe(
      'Mia Berg: free → starter',
    );
    expect(describeActivity(entry('suspend_user', { email: 'mia@example.com' }, mia))).toBe('Mia Berg');
    expect(describeActivity(entry('create_user_from_waitlist', { email: 'new@example.com' }, null))).toBe(
      'new@example.com',
    );
    expect(describeActivity(entry('update_user_tier', { tier: 'starter', previous: 'free' }, null))).toBe(
      'a deleted account: free → starter',
    );
    expect(actionLabel('create_user_from_waitlist')).toBe('Created an account from the waitlist');
  });
});
