import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { requestSync } from '../../../data/index.ts';
import { useDeviceQuery } from '../../../data/use-device-query.ts';
import { useIsOnline } from '../../../data/use-is-online.ts';
import { callRpc } from '../../../sync/backend.ts';
import { getActiveSession } from '../../../sync/sync-session.ts';
import { copyAge } from './readiness-format.ts';
import { forgetReadyStates, myDeviceRows } from './ready-state.ts';

interface Device {
  deviceId: string;
  label: string;
  appVersion: string;
  readyAt: number;
  events: number;
}

/** The profile's "Your devices": each device that got an event ready, and forgetting one. */
export function MyDevices({ userId }: { userId: string }) {
  const isOnline = useIsOnline();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const data = useDeviceQuery((db) => myDeviceRows(db, userId), [userId], null);
  if (!data || data.rows.length === 0) return null;
  const devices = new Map<string, Device>();
  for (const row of data.rows) {
    const at = Date.parse(row.ready_at);
    const known = devices.get(row.device_id);
    if (!known || at > known.readyAt)
      devices.set(row.device_id, {
        deviceId: row.device_id,
        label: row.device_label || 'A device',
        appVersion: row.app_version,
        readyAt: at,
        events: (known?.events ?? 0) + 1,
      });
    else known.events++;
  }

  const forget = async (device: string) => {
    setBusy(device);
    setError(null);
    const answer = await callRpc('forget_device', { p_device_id: device });
    const result = answer.data as { success?: boolean; message?: string } | null;
    if (result?.success) {
      const session = getActiveSession();
      if (session && device === data.me) await forgetReadyStates(session.db);
      await requestSync();
    } else setError(result?.message ?? 'You are offline. Forgetting a device needs a signal.');
    setBusy(null);
  };

  return (
    <SectionCard title="Your devices" icon={<Smartphone aria-hidden size={18} />} gap="3">
      <Text color="fg.muted" textStyle="sm">
        The devices you got an event ready on. Forget one you no longer use: your crew stops counting it.
      </Text>
      <Stack as="ul" gap="3" listStyleType="none">
        {[...devices.values()].map((device) => (
          <HStack as="li" key={device.deviceId} justify="space-between" gap="3" wrap="wrap">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate>
                {device.label}
                {device.deviceId === data.me ? ' (this device)' : ''}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                Ready copy {copyAge(device.readyAt)} · {device.events} {device.events === 1 ? 'event' : 'events'} ·
                version {device.appVersion}
              </Text>
            </Stack>
            <Button
              size="sm"
              variant="outline"
              minH="11"
              disabled={!isOnline}
              loading={busy === device.deviceId}
              onClick={() => void forget(device.deviceId)}
              aria-label={`Forget ${device.label}`}
            >
              Forget
            </Button>
          </HStack>
        ))}
      </Stack>
      {error ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
    </SectionCard>
  );
}
