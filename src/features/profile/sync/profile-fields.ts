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
  phone?: string | null;
  share_phone?: boolean;
  emergency_contact_name?: string | null;
  emergency_contact_phone?: string | null;
  share_emergency_contact?: boolean;
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

/** A phone number as the database accepts it (profiles_phone_format): digits, spaces, ()./- and a leading +. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{2,22}[0-9]$/;
export const PHONE_MESSAGE = 'Enter a phone number: digits, spaces and a leading + (e.g. +41 79 123 45 67)';
const EMERGENCY_WHOLE_MESSAGE = 'An emergency contact needs both a name and a phone number';

function isPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** The contact fields' rules (the database holds the same): the first broken one's message, or null. */
export function contactProblem(
  changes: ProfileChanges,
  current: { emergency_contact_name: string | null; emergency_contact_phone: string | null },
): { field: 'phone' | 'emergency_contact_name' | 'emergency_contact_phone'; message: string } | null {
  if (changes.phone && !isPhoneNumber(changes.phone)) return { field: 'phone', message: PHONE_MESSAGE };
  if (changes.emergency_contact_phone && !isPhoneNumber(changes.emergency_contact_phone))
    return { field: 'emergency_contact_phone', message: PHONE_MESSAGE };
  const name =
    changes.emergency_contact_name !== undefined ? changes.emergency_contact_name : current.emergency_contact_name;
  const phone =
    changes.emergency_contact_phone !== undefined ? changes.emergency_contact_phone : current.emergency_contact_phone;
  if (name && (name.trim().length > 100 || !name.trim()))
    return { field: 'emergency_contact_name', message: 'A name can have at most 100 characters' };
  if (Boolean(name) !== Boolean(phone))
    return { field: name ? 'emergency_contact_phone' : 'emergency_contact_name', message: EMERGENCY_WHOLE_MESSAGE };
  return null;
}
