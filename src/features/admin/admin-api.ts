/**
 * The admin panel's calls. The panel is an online tool for site admins: it calls the procedures
 * and server functions directly (the database checks the admin role again on every call) and
 * turns every failure into the spec's error text (admin-errors.ts).
 */
import type { Tier } from '../../access/tiers.ts';
import { callFunction, callRpc, currentSession, embed, object, one, readRows } from '../../sync/backend.ts';
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

const ZERO_STATS: UserStats = {
  total_tier_spend: 0,
  total_tools_spend: 0,
  active_events_count: 0,
  archived_events_count: 0,
  deleted_events_count: 0,
  average_event_duration_days: 0,
};

async function requireSession(): Promise<void> {
  if (!(await currentSession().catch(() => null))) throw new AdminError(AUTH_REQUIRED);
}

/** The server's reason beside its error text (`{error, detail}`), when it gives one. */
const detailOf = (body: unknown): string | null =>
  body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;

/** Calls a server function; answers its JSON body (the function's answer shape, `T`). */
async function callAdminFunction<T>(name: string, fallback: string, body?: Record<string, unknown>): Promise<T> {
  await requireSession();
  const answer = await callFunction(name, body);
  if (answer.status === 0) throw new AdminError(fallback);
  if (answer.status < 200 || answer.status >= 300)
    throw new AdminError(functionErrorMessage(answer.status, answer.body, fallback), detailOf(answer.body));
  return answer.body as T;
}

/** Calls an admin procedure (they answer jsonb: `T` is its shape); `success: false` is a refusal. */
async function callProcedure<T>(
  fn: Parameters<typeof callRpc>[0],
  args: Parameters<typeof callRpc>[1],
  fallback: string,
): Promise<T> {
  await requireSession();
  const { data, error } = await callRpc(fn, args);
  if (error) throw procedureError(fallback, error.message);
  const answer = data as { success?: boolean; message?: string } | null;
  if (answer && typeof answer === 'object' && answer.success === false) throw procedureError(fallback, answer.message);
  return data as T;
}

/** The rows of an online read, or the spec's fallback with the server's reason. */
async function rowsOrThrow<R>(read: Promise<{ rows: R[]; error: string | null }>, fallback: string): Promise<R[]> {
  await requireSession();
  const { rows, error } = await read;
  if (error) throw procedureError(fallback, error);
  return rows;
}

// Settings

export const fetchSettings = () =>
  rowsOrThrow(
    readRows('app_settings', { columns: ['key', 'value'], orderBy: { column: 'key' } }),
    'Failed to fetch app settings',
  );

export const toggleFeature = (key: string, enabled: boolean) =>
  callProcedure('toggle_feature', { p_key: key, p_enabled: enabled }, 'Failed to update feature');

export const updateComponentAccess = (settings: Record<string, string[]>) =>
  callProcedure('update_component_access', { p_settings: settings }, 'Failed to update component access settings');

// Waitlist

export const fetchWaitlist = (): Promise<WaitlistEntry[]> =>
  rowsOrThrow(
    readRows('waitlist', {
      columns: ['id', 'email', 'name', 'status', 'notes', 'created_at', 'processed_at'],
      orderBy: { column: 'created_at', ascending: false },
    }),
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
  (await callAdminFunction<{ message: string }>('send-approval-email', NOT_MAILED, { entryId })).message;

// Accounts

export const fetchUsers = async () =>
  (await callAdminFunction<{ users: AdminAccount[] }>('get-all-users', 'Failed to fetch users')).users;

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

export const suspendUser = (userId: string) =>
  callAdminFunction('admin-suspend-user', 'Failed to suspend user', { userId });
export const reactivateUser = (userId: string) =>
  callAdminFunction('admin-reactivate-user', 'Failed to reactivate user', { userId });
export const deleteUser = (userId: string) =>
  callAdminFunction('admin-delete-user', 'Failed to delete user', { userId });
export const updateUserTier = (userId: string, subscriptionTier: Tier) =>
  callAdminFunction('admin-update-user-tier', 'Failed to update subscription tier', { userId, subscriptionTier });

// Admins

export const fetchAdmins = (): Promise<AdminProfile[]> =>
  rowsOrThrow(
    readRows('profiles', {
      columns: ['id', 'name', 'email'],
      equals: { role: 'admin' },
      orderBy: { column: 'email' },
    }),
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

export async function fetchActivity({ actorId, action, range }: ActivityQuery): Promise<ActivityRow[]> {
  const rows = await rowsOrThrow(
    readRows('admin_activity', {
      columns: ['id', 'actor_id', 'action', 'target_type', 'target_id', 'details', 'created_at'],
      embeds: { actor: embed<{ name: string | null; email: string | null }>('profiles(name, email)') },
      equals: { ...(actorId && { actor_id: actorId }), ...(action && { action }) },
      range: range ? { column: 'created_at', from: range.from, before: range.to } : undefined,
      orderBy: { column: 'created_at', ascending: false },
      limit: 200,
    }),
    'Failed to fetch activity',
  );
  // The people user entries are about, by name (admins read every profile).
  const userIds = [...new Set(rows.filter((r) => r.target_type === 'user' && r.target_id).map((r) => r.target_id!))];
  const people = userIds.length
    ? await rowsOrThrow(
        readRows('profiles', { columns: ['id', 'name', 'email'], oneOf: { column: 'id', values: userIds } }),
        'Failed to fetch activity',
      )
    : [];
  const byId = new Map(people.map((p) => [p.id, { name: p.name, email: p.email }]));
  return rows.map((row) => ({
    ...row,
    details: object(row.details) ?? {},
    actor: one(row.actor),
    target: row.target_type === 'user' && row.target_id ? (byId.get(row.target_id) ?? null) : null,
  }));
}
