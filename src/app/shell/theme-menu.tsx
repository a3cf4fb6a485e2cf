import { IconButton, Menu, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useThemeStore, type ThemePreference } from '../theme/theme-store.ts';
import { THEME_OPTIONS } from './theme-toggle.tsx';

/** The theme menu behind the header's theme button (loaded when first opened). */
export function ThemeMenu({ label, icon }: { label: string; icon: ReactNode }) {
  const preference = useThemeStore((state) => state.preference);
  const setPreference = useThemeStore((state) => state.setPreference);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={label}>
          {icon}
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
              {THEME_OPTIONS.map((option) => (
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
