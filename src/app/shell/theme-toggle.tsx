import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useThemeStore, type ThemePreference } from '../theme/theme-store.ts';

const OPTIONS: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** Light, dark or system theme, stored on this device. */
export function ThemeToggle() {
  const preference = useThemeStore((state) => state.preference);
  const mode = useThemeStore((state) => state.mode);
  const setPreference = useThemeStore((state) => state.setPreference);
  const CurrentIcon = preference === 'system' ? Monitor : mode === 'dark' ? Moon : Sun;
  const currentLabel = OPTIONS.find((option) => option.value === preference)?.label ?? 'System';
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Theme: ${currentLabel}`}>
          <CurrentIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="10rem">
            <Menu.RadioItemGroup
              value={preference}
              onValueChange={(details) => setPreference(details.value as ThemePreference)}
            >
              <Menu.ItemGroupLabel>Theme</Menu.ItemGroupLabel>
              {OPTIONS.map((option) => (
                <Menu.RadioItem key={option.value} value={option.value}>
                  {option.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
