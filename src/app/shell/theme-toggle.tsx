import { OnDemandButton } from '../../components/on-demand-button.tsx';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useOnDemand } from '../../lib/lazy-page.ts';
import { useThemeStore, type ThemePreference } from '../theme/theme-store.ts';

export const THEME_OPTIONS: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

const loadThemeMenu = () => import('./theme-menu.tsx');

/** Light, dark or system theme, stored on this device. The menu's code loads when first opened. */
export function ThemeToggle() {
  const preference = useThemeStore((state) => state.preference);
  const mode = useThemeStore((state) => state.mode);
  const menu = useOnDemand(loadThemeMenu);
  const CurrentIcon = preference === 'system' ? Monitor : mode === 'dark' ? Moon : Sun;
  const currentLabel = THEME_OPTIONS.find((option) => option.value === preference)?.label ?? 'System';
  const label = `Theme: ${currentLabel}`;
  if (menu.module) return <menu.module.ThemeMenu label={label} icon={<CurrentIcon />} />;
  return (
    <OnDemandButton label={label} popup="menu" onDemand={menu}>
      <CurrentIcon />
    </OnDemandButton>
  );
}
