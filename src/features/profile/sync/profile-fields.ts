/**
 * The spec's profile name rules, pure: a given `name` is split on spaces into first_name (the
 * first word) and last_name (the rest); a given first or last name rebuilds `name` as
 * 'first last'. `profile-updated` is announced when name, email, first or last name changed.
 */
export interface ProfileChanges {
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  country?: string | null;
  postal_code?: string | null;
  street_address?: string | null;
  street_number?: string | null;
  notification_settings?: { invitations: boolean; event_updates: boolean; chat_messages: boolean };
}

export function resolveNameFields(
  changes: ProfileChanges,
  current: { first_name: string | null; last_name: string | null },
): ProfileChanges {
  const out: ProfileChanges = { ...changes };
  if (changes.name !== undefined) {
    const words = (changes.name ?? '').trim().split(/\s+/).filter(Boolean);
    out.name = words.join(' ') || null;
    out.first_name = words[0] ?? null;
    out.last_name = words.slice(1).join(' ') || null;
  } else if (changes.first_name !== undefined || changes.last_name !== undefined) {
    const first = (changes.first_name !== undefined ? changes.first_name : current.first_name)?.trim() || '';
    const last = (changes.last_name !== undefined ? changes.last_name : current.last_name)?.trim() || '';
    out.first_name = first || null;
    out.last_name = last || null;
    out.name = [first, last].filter(Boolean).join(' ') || null;
  }
  return out;
}

export function announcesProfileUpdate(changes: ProfileChanges & { email?: string | null }): boolean {
  return ['name', 'email', 'first_name', 'last_name'].some((field) => field in changes);
}
