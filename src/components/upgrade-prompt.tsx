/**
 * The upgrade prompt of a feature the event's (or the user's) tier lacks, 'Upgrade to {tier} to
 * unlock this feature' with the way to the plans: as a dialog when a locked button was pressed, as
 * a notice in place of the feature otherwise.
 */
import { Alert, Button, Text, type ButtonProps } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { upgradeText, type Tier } from '../access/tiers.ts';
import { paths } from '../lib/paths.ts';
import { AppDialog, DialogActions } from './app-dialog.tsx';

export interface UpgradeRequest {
  title: string;
  /** What the feature does, or which tier it needs. */
  description: string;
}

/** The usual request: 'Upgrade to {tier} to unlock this feature' and what the feature does. */
export function upgradeRequest(tier: Tier, feature: string): UpgradeRequest {
  return { title: upgradeText(tier), description: feature };
}

function PlansLink(props: ButtonProps) {
  return (
    <Button asChild colorPalette="forest" {...props}>
      <RouterLink to={paths.subscription.href()}>See plans</RouterLink>
    </Button>
  );
}

/** Asks to upgrade after a locked feature was chosen: Not now, or See plans. */
export function UpgradeDialog({ request, onClose }: { request: UpgradeRequest; onClose(): void }) {
  return (
    <AppDialog
      title={request.title}
      size="small"
      onClose={onClose}
      footer={
        <DialogActions>
          <Button variant="outline" onClick={onClose}>
            Not now
          </Button>
          <PlansLink />
        </DialogActions>
      }
    >
      <Text>{request.description}</Text>
    </AppDialog>
  );
}

interface UpgradeNoticeProps {
  tier: Tier;
  /** What the feature does; without it the notice is one line. */
  children?: ReactNode;
  /** Makes the notice a named region (a section of the page in place of the feature). */
  label?: string;
}

/** A feature the tier lacks, in its place on the page. */
export function UpgradeNotice({ tier, children, label }: UpgradeNoticeProps) {
  if (!children) {
    return (
      <Alert.Root status="info" role="status" rounded="lg" alignItems="center" flexWrap="wrap" gap="2">
        <Alert.Indicator>
          <Lock aria-hidden />
        </Alert.Indicator>
        <Alert.Title fontWeight="medium" flex="1" minW="10rem">
          {upgradeText(tier)}
        </Alert.Title>
        <PlansLink size="xs" variant="outline" />
      </Alert.Root>
    );
  }
  return (
    <Alert.Root
      status="info"
      rounded="lg"
      alignItems="start"
      maxW="2xl"
      as={label ? 'section' : undefined}
      aria-label={label}
    >
      <Alert.Indicator>
        <Lock aria-hidden />
      </Alert.Indicator>
      <Alert.Content gap="2">
        <Alert.Title>{upgradeText(tier)}</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
        <PlansLink size="sm" alignSelf="start" mt="1" />
      </Alert.Content>
    </Alert.Root>
  );
}
