/**
 * Every feature's part of the sync engine, in one registry: their mutation kinds, the tables they
 * pull (in pull order: profiles first, as members show their names; events before what hangs on
 * them; lists before items, messages before reactions), their snapshots and realtime tables.
 * Imported by the app (sync session) and by the service worker (Background Sync), so it and what
 * it imports hold no React or UI: only each feature's `sync/` folder.
 */
import { adminSync } from '../features/admin/sync/index.ts';
import { chatSync } from '../features/chat/sync/index.ts';
import { checklistsSync } from '../features/checklists/sync/index.ts';
import { eventsSync } from '../features/events/sync/index.ts';
import { expensesSync } from '../features/expenses/sync/index.ts';
import { friendsSync } from '../features/friends/sync/index.ts';
import { notificationsSync } from '../features/notifications/sync/index.ts';
import { profileSync } from '../features/profile/sync/index.ts';
import { schedulesSync } from '../features/schedule/sync/index.ts';
import { sitePlannerSync } from '../features/site-planner/sync/index.ts';
import { subscriptionSync } from '../features/subscription/sync/index.ts';
import { transportSync } from '../features/transport/sync/index.ts';
import { KindRegistry, type KindsByName } from '../sync/kind-registry.ts';

export interface SyncRegistryOptions {
  /** The backend's URL (public storage addresses are derived from it). */
  supabaseUrl: string;
}

/** Every feature's part, in pull order. */
function features(options: SyncRegistryOptions) {
  return [
    profileSync(options),
    adminSync,
    subscriptionSync,
    eventsSync,
    chatSync,
    checklistsSync,
    schedulesSync,
    transportSync,
    expensesSync,
    sitePlannerSync,
    friendsSync,
    notificationsSync,
  ] as const;
}

export function syncRegistry(options: SyncRegistryOptions): KindRegistry {
  const registry = new KindRegistry();
  for (const feature of features(options)) registry.add(feature);
  return registry;
}

/** The kinds of one feature's part (none when it has none). */
type KindsOf<F> = F extends { kinds: readonly (infer K extends { name: string })[] } ? K : never;
type AppKinds = KindsByName<KindsOf<ReturnType<typeof features>[number]>[]>;

// The app's kinds type `mutate` (src/data/mutate.ts): a wrong kind name or argument shape does not compile.
declare module '../sync/kind-registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features' kinds
  interface MutationKinds extends AppKinds {}
}
