/**
 * The signed-in user's profile essentials (role, tier, name, avatar), kept in localStorage so an
 * offline start knows who is signed in and what they may open. Validated with zod on read: a
 * stale or tampered entry is ignored, never trusted for more than the UI (the database enforces).
 */
import { z } from 'zod/mini';

const STORAGE_KEY = 'crewcamp-profile';

export const currentUserSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  role: z.enum(['user', 'admin']),
  tier: z.enum(['free', 'starter', 'organizer']),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export function readCachedProfile(userId: string): CurrentUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = currentUserSchema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success && parsed.data.id === userId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCachedProfile(user: CurrentUser): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  } catch {
    // storage unavailable: the profile is loaded again on the next start
  }
}

export function clearCachedProfile(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}
