import { Badge, HStack, Stack, Switch, Text } from '@chakra-ui/react';

const LABELS: Record<string, { title: string; text: string }> = {
  waitlist_enabled: {
    title: 'Waitlist',
    text: 'New visitors join the waitlist; /login leads to the waitlist page.',
  },
  registration_enabled: {
    title: 'Registration',
    text: 'People can create an account at /register (through an approval link while the waitlist is on).',
  },
  shop_enabled: { title: 'Shop', text: 'The shop cannot be switched from here.' },
};

const FIXED_FEATURES = new Set(['shop_enabled']);

interface FeatureSwitchProps {
  featureKey: string;
  isEnabled: boolean;
  isBusy: boolean;
  isDisabled: boolean;
  onChange(enabled: boolean): void;
}

/** One site switch (`{key}_enabled`); shop_enabled is shown as fixed. */
export function FeatureSwitch({ featureKey, isEnabled, isBusy, isDisabled, onChange }: FeatureSwitchProps) {
  const label = LABELS[featureKey] ?? { title: featureKey, text: '' };
  const isFixed = FIXED_FEATURES.has(featureKey);
  return (
    <HStack justify="space-between" gap="4" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Stack gap="0.5">
        <HStack gap="2">
          <Text fontWeight="semibold" id={`feature-${featureKey}-label`}>
            {label.title}
          </Text>
          {isFixed ? (
            <Badge variant="outline" colorPalette="gray">
              Fixed
            </Badge>
          ) : null}
        </HStack>
        {label.text ? (
          <Text textStyle="sm" color="fg.muted">
            {label.text}
          </Text>
        ) : null}
      </Stack>
      <Switch.Root
        checked={isEnabled}
        disabled={isFixed || isDisabled || isBusy}
        onCheckedChange={(details) => onChange(details.checked)}
        colorPalette="forest"
      >
        <Switch.HiddenInput aria-labelledby={`feature-${featureKey}-label`} />
        <Switch.Control />
        <Switch.Label textStyle="sm" minW="7">
          {isEnabled ? 'On' : 'Off'}
        </Switch.Label>
      </Switch.Root>
    </HStack>
  );
}
