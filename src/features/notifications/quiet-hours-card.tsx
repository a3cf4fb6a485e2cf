import { SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormCard, type FormCardMessage } from '../../components/form-card.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { mutate, MutationValidationError } from '../../data/index.ts';
import { deviceTimeZone, useNotificationSettings } from './use-notification-settings.ts';

interface Draft {
  quiet_hours_enabled: boolean;
  quiet_hours_start: string;
  quiet_hours_end: string;
  digest_enabled: boolean;
  digest_hour: number;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

function OnOff({
  id,
  label,
  text,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  text: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <Stack direction="row" justify="space-between" align="center" gap="4">
      <Stack gap="0.5">
        <Text fontWeight="semibold" id={id}>
          {label}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {text}
        </Text>
      </Stack>
      <Switch.Root checked={checked} onCheckedChange={(d) => onChange(d.checked)} colorPalette="forest" minH="11">
        <Switch.HiddenInput aria-labelledby={id} />
        <Switch.Control />
        <Switch.Label textStyle="sm" minW="7">
          {checked ? 'On' : 'Off'}
        </Switch.Label>
      </Switch.Root>
    </Stack>
  );
}

/**
 * Quiet hours (system notifications wait until they end) and the daily mail digest of unread
 * activity, both in this device's time zone, which is saved with them.
 */
export function QuietHoursCard() {
  const settings = useNotificationSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const values: Draft = draft ?? {
    quiet_hours_enabled: settings.quiet_hours_enabled,
    quiet_hours_start: settings.quiet_hours_start.slice(0, 5),
    quiet_hours_end: settings.quiet_hours_end.slice(0, 5),
    digest_enabled: settings.digest_enabled,
    digest_hour: settings.digest_hour,
  };
  const [message, setMessage] = useState<FormCardMessage>(null);
  const change = (changes: Partial<Draft>) => {
    setDraft({ ...values, ...changes });
    setMessage(null);
  };

  async function save() {
    try {
      await mutate('notification-settings.update', { changes: { ...values, time_zone: deviceTimeZone() } });
      setDraft(null);
      setMessage({ status: 'success', text: 'Notification settings saved' });
    } catch (error) {
      const text = error instanceof MutationValidationError ? error.message : 'Failed to save notification settings';
      setMessage({ status: 'error', text });
    }
  }

  return (
    <FormCard
      title="Quiet hours and daily mail"
      description={`Times are in your time zone (${deviceTimeZone()}).`}
      submitLabel="Save settings"
      message={message}
      onSubmit={save}
      maxW="2xl"
    >
      <OnOff
        id="quiet-hours-label"
        label="Quiet hours"
        text="System notifications wait until the quiet hours end; the bell still counts everything."
        checked={values.quiet_hours_enabled}
        onChange={(checked) => change({ quiet_hours_enabled: checked })}
      />
      {values.quiet_hours_enabled ? (
        <SimpleGrid columns={2} gap="3">
          <TextField
            label="From"
            type="time"
            required
            marksRequired={false}
            value={values.quiet_hours_start}
            onChange={(e) => change({ quiet_hours_start: e.target.value })}
          />
          <TextField
            label="Until"
            type="time"
            required
            marksRequired={false}
            value={values.quiet_hours_end}
            onChange={(e) => change({ quiet_hours_end: e.target.value })}
          />
        </SimpleGrid>
      ) : null}
      <OnOff
        id="digest-label"
        label="Daily mail"
        text="One mail a day with what you have not read yet, for the categories with Mail on."
        checked={values.digest_enabled}
        onChange={(checked) => change({ digest_enabled: checked })}
      />
      {values.digest_enabled ? (
        <SelectField
          label="Send it at"
          value={String(values.digest_hour)}
          options={HOURS}
          onChange={(value) => change({ digest_hour: Number(value) })}
        />
      ) : null}
    </FormCard>
  );
}
