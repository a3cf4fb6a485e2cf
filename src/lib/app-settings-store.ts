/**
 * The site switches the routes depend on (waitlist_enabled, registration_enabled) and the
 * component_access lists, read from app_settings (readable by anyone). The last values read are
 * kept in localStorage, validated with zod, so an offline start still routes as it did online.
 * A switch is on unless its enabled flag is false (spec section 2).
 *
 * Read with a plain REST request (the table is public) rather than supabase-js, so the first load
 * of a signed-out page does not need supabase-js.
 */
import { z } from 'zod/mini';
import { create } from 'zustand';
import { env } from './env.ts';

const STORAGE_KEY = 'crewcamp-app-settings';
/** How long an online start waits for fresh settings before routing with the cached ones. */
const FRESH_WAIT_MS = 3000;

const settingsSchema = z.object({
  waitlistEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  componentAccess: z.nullable(z.record(z.string(), z.array(z.string()))),
});
export type AppSettings = z.infer<typeof settingsSchema>;

const DEFAULTS: AppSettings = { waitlistEnabled: true, registrationEnabled: true, componentAccess: null };

const switchSchema = z.partial(z.object({ enabled: z.unknown() }));
const rowsSchema = z.array(z.object({ key: z.string(), value: z.unknown() }));

/** Reads the switches from app_settings rows. */
function settingsFromRows(rows: unknown): AppSettings {
  const map = new Map(rowsSchema.parse(rows).map((row) => [row.key, row.value]));
  const isOn = (key: string) => switchSchema.safeParse(map.get(key)).data?.enabled !== false;
  const access = z.record(z.string(), z.array(z.string())).safeParse(map.get('component_access'));
  return {
    waitlistEnabled: isOn('waitlist_enabled'),
    registrationEnabled: isOn('registration_enabled'),
    componentAccess: access.success ? access.data : null,
  };
}

function readCache(): AppSettings | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = settingsSchema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeCache(settings: AppSettings) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // storage unavailable: the next start asks the server again
  }
}

/** The app_settings rows (what `supabase.from('app_settings').select('key, value')` asks), or null on an error answer. */
async function fetchSettingRows(): Promise<unknown> {
  const response = await fetch(`${env.supabaseUrl}/rest/v1/app_settings?select=key,value`, {
    headers: {
      apikey: env.supabaseAnonKey,
      authorization: `Bearer ${env.supabaseAnonKey}`,
      accept: 'application/json',
    },
  });
  return response.ok ? response.json() : null;
}

interface AppSettingsState {
  settings: AppSettings;
  /** False until settings are known well enough to route: fresh, cached after a wait, or defaults offline. */
  isReady: boolean;
  refresh(): Promise<void>;
}

const cachedAtStart = readCache();
/** Whether this device had settings from an earlier visit when the app started. */
export const hasCachedSettings = cachedAtStart !== null;

export const useAppSettingsStore = create<AppSettingsState>((set) => ({
  settings: cachedAtStart ?? DEFAULTS,
  isReady: false,
  async refresh() {
    const data = await fetchSettingRows();
    if (!data) {
      set({ isReady: true });
      return;
    }
    const settings = settingsFromRows(data);
    writeCache(settings);
    set({ settings, isReady: true });
  },
}));

/** Loads the settings on start and whenever the app comes back online or into view. */
export function startAppSettingsSync(): void {
  const { refresh } = useAppSettingsStore.getState();
  if (!navigator.onLine && hasCachedSettings) useAppSettingsStore.setState({ isReady: true });
  void refresh().catch(() => useAppSettingsStore.setState({ isReady: true }));
  setTimeout(() => useAppSettingsStore.setState({ isReady: true }), FRESH_WAIT_MS);
  window.addEventListener('online', () => void refresh().catch(() => undefined));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refresh().catch(() => undefined);
  });
}
