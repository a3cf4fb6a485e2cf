/**
 * Theme preference: light, dark or system (the default), stored locally under `crewcamp-theme`.
 * The resolved mode is applied as the `light`/`dark` class on <html> (Chakra's color-mode
 * conditions) and as `color-scheme`; index.html applies the stored one before the first paint.
 */
import { z } from 'zod/mini';
import { create } from 'zustand';

const THEME_STORAGE_KEY = 'crewcamp-theme';
const preferenceSchema = z.enum(['light', 'dark', 'system']);
export type ThemePreference = z.infer<typeof preferenceSchema>;
export type ColorMode = 'light' | 'dark';

function readPreference(): ThemePreference {
  try {
    const parsed = preferenceSchema.safeParse(localStorage.getItem(THEME_STORAGE_KEY));
    return parsed.success ? parsed.data : 'system';
  } catch {
    return 'system';
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function resolve(preference: ThemePreference): ColorMode {
  if (preference !== 'system') return preference;
  return darkQuery().matches ? 'dark' : 'light';
}

interface ThemeState {
  preference: ThemePreference;
  mode: ColorMode;
  setPreference(preference: ThemePreference): void;
}

function apply(mode: ColorMode) {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', mode === 'dark' ? '#121510' : '#236a46');
}

export const useThemeStore = create<ThemeState>((set) => {
  const preference = readPreference();
  return {
    preference,
    mode: resolve(preference),
    setPreference(next) {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // storage unavailable (private mode): the choice lasts for this visit
      }
      set({ preference: next, mode: resolve(next) });
    },
  };
});

/** Applies the mode now and on every change of the preference or of the system setting. */
export function startThemeSync(): void {
  apply(useThemeStore.getState().mode);
  useThemeStore.subscribe((state) => apply(state.mode));
  darkQuery().addEventListener('change', () => {
    const { preference } = useThemeStore.getState();
    if (preference === 'system') useThemeStore.setState({ mode: resolve('system') });
  });
}
