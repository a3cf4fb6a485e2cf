/** The admin activity log's filter and labels (pure). */
export interface ActivityRow {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
  actor: { name: string | null; email: string | null } | null;
  /** The person a user entry is about (target_type 'user'), when their profile is still there. */
  target?: { name: string | null; email: string | null } | null;
}

export const ACTION_LABELS: Record<string, string> = {
  toggle_feature: 'Switched a feature',
  update_component_access: 'Changed component access',
  process_waitlist_entry: 'Processed a waitlist entry',
  send_approval_email: 'Mailed an approval link',
  add_admin: 'Added an admin',
  remove_admin: 'Removed an admin',
  suspend_user: 'Suspended a user',
  reactivate_user: 'Reactivated a user',
  delete_user: 'Deleted a user',
  update_user_tier: 'Changed a tier',
  create_user_from_waitlist: 'Created an account from the waitlist',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action.replace(/_/g, ' ');

/** The instants [from, to) of a local calendar day, as ISO strings; null for no date. */
export function dayRange(date: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

/**
 * What the entry did, on whom, in one line. A person is named by their name, else their address;
 * never by a raw user id (an account deleted since reads "a deleted account").
 */
export function describeActivity(row: ActivityRow): string {
  const d = row.details;
  const text = (key: string) => (typeof d[key] === 'string' ? (d[key] as string) : null);
  const isUser = row.target_type === 'user';
  const person = row.target?.name || row.target?.email || text('email') || (isUser ? 'a deleted account' : null);
  switch (row.action) {
    case 'toggle_feature':
      return `${row.target_id ?? 'feature'} turned ${d.enabled === true ? 'on' : 'off'}`;
    case 'process_waitlist_entry':
      return `${text('email') ?? 'entry'}: ${text('status') ?? ''}${text('notes') ? ` (${text('notes')})` : ''}`;
    case 'update_user_tier':
      return `${person ?? 'a user'}: ${text('previous') ?? '?'} → ${text('tier') ?? '?'}`;
    case 'update_component_access':
      return 'component_access';
    default:
      return person ?? (isUser ? '' : (row.target_id ?? ''));
  }
}
