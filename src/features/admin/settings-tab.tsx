import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useAppSettingsStore } from '../../lib/app-settings-store.ts';
import { errorText } from './admin-errors.ts';
import { fetchSettings, toggleFeature } from './admin-api.ts';
import { AdminAlert } from './components/admin-alert.tsx';
import { PanelSection } from '../../components/section-card.tsx';
import { ComponentAccessEditor } from './components/component-access-editor.tsx';
import { FeatureSwitch } from './components/feature-switch.tsx';
import { adminListState } from './components/admin-list-state.tsx';
import { useAdminData } from './use-admin-data.ts';
import { useIsOnline } from '../../data/use-is-online.ts';

const SWITCH_ORDER = ['waitlist_enabled', 'registration_enabled', 'shop_enabled'];

const switchRank = (key: string) => {
  const index = SWITCH_ORDER.indexOf(key);
  return index === -1 ? SWITCH_ORDER.length : index;
};

const isEnabled = (value: unknown) =>
  !(value && typeof value === 'object' && 'enabled' in value && value.enabled === false);

/** `/admin/settings`: the site switches and the component access editor. */
export function SettingsTab() {
  const isOnline = useIsOnline();
  const settings = useAdminData(fetchSettings, 'Failed to fetch app settings');
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; detail: string | null } | null>(null);

  async function toggle(key: string, enabled: boolean) {
    setBusyKey(key);
    setError(null);
    try {
      await toggleFeature(key, enabled);
      await settings.reload();
      // The app's own routing (/login, /register) follows the new switches at once.
      await useAppSettingsStore.getState().refresh();
    } catch (caught) {
      setError(errorText(caught, 'Failed to update feature'));
    } finally {
      setBusyKey(null);
    }
  }

  const state = adminListState(isOnline, settings, 'Loading settings');
  if (state || !settings.data) return state;

  const rows = settings.data;
  const features = rows
    .filter((row) => row.key.endsWith('_enabled'))
    .sort((a, b) => switchRank(a.key) - switchRank(b.key));
  const access = rows.find((row) => row.key === 'component_access')?.value;

  return (
    <Stack gap="6">
      <PanelSection headingLevel="h3" title="Site switches" text="Who can get in: the waitlist and open registration.">
        {error ? <AdminAlert message={error.message} detail={error.detail} /> : null}
        {features.map((row) => (
          <FeatureSwitch
            key={row.key}
            featureKey={row.key}
            isEnabled={isEnabled(row.value)}
            isBusy={busyKey === row.key}
            isDisabled={busyKey !== null}
            onChange={(enabled) => void toggle(row.key, enabled)}
          />
        ))}
      </PanelSection>
      <PanelSection headingLevel="h3" title="Component access" text="The roles that may open each part of CrewCamp.">
        <ComponentAccessEditor
          initial={access && typeof access === 'object' ? (access as Record<string, string[]>) : {}}
          isDisabled={false}
          onSaved={() => void useAppSettingsStore.getState().refresh()}
        />
      </PanelSection>
    </Stack>
  );
}
