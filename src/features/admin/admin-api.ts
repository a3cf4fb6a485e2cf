/**
 * The admin panel's calls. The panel is an online tool for site admins: it calls the procedures
 * and server functions directly (the database checks the admin role again on every call) and
 * turns every failure into the spec's error text (admin-errors.ts).
 */
import type { Tier } from '../../access/tiers.ts';
import { env } from '../../lib/env.ts';
import { supabase } from '../../lib/supabase.ts';
import type { AdminAccount } from './account-search.ts';
import type { ActivityRow } from './activity-filter.ts';
import { AdminError, AUTH_REQUIRED, functionErrorMessage, procedureError } from './admin-errors.ts';

export interface WaitlistEntry {
  id: string;
  email: string;
  name: string | null;
  status: string;
  notes: string | null;
  created_at: string;
  processed_at: string | null;
}

export interface AdminProfile {
  id: string;
  name: string | null;
  email: string | null;
}

export interface UserStats {
  total_tier_spend: number;
  total_tools_spend: number;
  active_events_count: number;
  archived_events_count: number;
  deleted_events_count: number;
  average_event_duration_days: number;
}

export const ZERO_STATS: UserStats = {
  total_tier_spend: 0,
  total_tools_spend: 0,
  active_events_count: 0,
  archived_events_count: 0,
  deleted_events_count: 0,
  average_event_duration_days: 0,
};

async function accessToken(): Promise<string> {
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new AdminError(AUTH_REQUIRED);
  return data.session.access_token;
}

/** The server's reason beside its error text (`{error, detail}`), when it gives one. */
const detailOf = (body: unknown): string | null =>
  body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;

async function callFunction<T>(name: string, fallback: string, body?: Record<string, unknown>): Promise<T> {
  const token = await accessToken();
  let response: Response;
  try {
    response = await fetch(`${env.supabaseUrl}/functions/v1/${name}`, {
      method: body ? 'POST' : 'GET',
      headers: { apikey: env.supabaseAnonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new AdminError(fallback);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new AdminError(functionErrorMessage(response.status, answer, fallback), detailOf(answer));
  return answer as T;
}

async function callProcedure<T>(fn: string, args: Record<string, unknown>, fallback: string): Promise<T> {
  await accessToken();
  const { data, error } = await supabase.rpc(fn, args);
  if (error) throw procedureError(fallback, error.message);
  const answer = data as { success?: boolean; message?: string } | null;
  if (answer && typeof answer === 'object' && answer.success === false) throw procedureError(fallback, answer.message);
  return data as T;
}

async function select<T>(query: PromiseLike<{ data: unknown; error: { message: string } | null }>, fallback: string) {
  await accessToken();
  const { data, error } = await query;
  if (error) throw procedureError(fallback, error.message);
  return (data ?? []) as T;
}

// Settings

export const fetchSettings = () =>
  select<{ key: string; value: unknown }[]>(
    supabase.from('app_settings').select('key, value').order('key'),
    'Failed to fetch app settings',
  );

export const toggleFeature = (key: string, enabled: boolean) =>
  callProcedure('toggle_feature', { p_key: key, p_enabled: enabled }, 'Failed to update feature');

export const updateComponentAccess = (settings: Record<string, string[]>) =>
  callProcedure('update_component_access', { p_settings: settings }, 'Failed to update component access settings');

// Waitlist

export const fetchWaitlist = () =>
  select<WaitlistEntry[]>(
    supabase
      .from('waitlist')
      .select('id, email, name, status, notes, created_at, processed_at')
      .order('created_at', { ascending: false }),
    'Failed to fetch waitlist',
  );

export const processWaitlistEntry = (id: string, status: 'approved' | 'rejected' | 'pending', notes: string) =>
  callProcedure<{ entry: WaitlistEntry; link?: string; email?: string }>(
    'process_waitlist_entry',
    { p_id: id, p_status: status, p_notes: notes },
    'Failed to process waitlist entry',
  );

export const NOT_MAILED = 'The approval link could not be mailed; copy it and send it yourself.';

/** Mails an approved entry its approval link (send-approval-email); answers 'Approval link sent to {email}'. */
export const sendApprovalEmail = async (entryId: string) =>
  (await callFunction<{ message: string }>('send-approval-email', NOT_MAILED, { entryId })).message;

// Accounts

export const fetchUsers = async () =>
  (await callFunction<{ users: AdminAccount[] }>('get-all-users', 'Failed to fetch users')).users;

/** A user's aggregated statistics; a failure answers zeroed stats with the spec's message. */
export async function fetchUserStats(userId: string): Promise<{ stats: UserStats; error: string | null }> {
  try {
    const stats = await callProcedure<UserStats>(
      'get_user_aggregated_stats',
      { p_user_id: userId },
      'Failed to fetch user statistics',
    );
    return { stats: { ...ZERO_STATS, ...stats }, error: null };
  } catch {
    return { stats: ZERO_STATS, error: 'Failed to fetch user statistics' };
  }
}

export const suspendUser = (userId: string) => callFunction('admin-suspend-user', 'Failed to suspend user', { userId });
export const reactivateUser = (userId: string) =>
  callFunction('admin-reactivate-user', 'Failed to reactivate user', { userId });
export const deleteUser = (userId: string) => callFunction('admin-delete-user', 'Failed to delete user', { userId });
export const updateUserTier = (userId: string, subscriptionTier: Tier) =>
  callFunction('admin-update-user-tier', 'Failed to update subscription tier', { userId, subscriptionTier });

// Admins

export const fetchAdmins = () =>
  select<AdminProfile[]>(
    supabase.from('profiles').select('id, name, email').eq('role', 'admin').order('email'),
    'Failed to fetch users',
  );

export const addAdmin = (email: string) =>
  callProcedure('add_admin_user', { p_user_id: null, p_email: email.trim() }, 'Failed to add admin');

export const removeAdmin = (userId: string) =>
  callProcedure('remove_admin_user', { p_user_id: userId }, 'Failed to remove admin');

// Activity

export interface ActivityQuery {
  actorId: string;
  action: string;
  range: { from: string; to: string } | null;
}

export function fetchActivity({ actorId, action, range }: ActivityQuery) {
  let query = supabase
    .from('admin_activity')
    .select('id, actor_id, action, target_type, target_id, details, created_at, actor:profiles(name, email)')
    .order('created_at', { ascending: false })
    .limit(200);
  if (actorId) query = query.eq('actor_id', actorId);
  if (action) query = query.eq('action', action);
  if (range) query = query.gte('created_at', range.from).lt('created_at', range.to);
  return select<ActivityRow[]>(query, 'Failed to fetch activity');
}
