/**
 * What every event sub-page shows around its own content: loading while the device database has
 * not heard of the event yet, the page for someone who is not (or no longer) a member, a locked
 * feature on an event whose tier lacks it, and the changes the server refused, each with the
 * database's reason and Dismiss.
 */
import { Alert, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Tier } from '../../access/tiers.ts';
import { paths } from '../../app/paths.ts';
import { upgradeText } from '../../app/shell/event-links.ts';
import { PageHeader } from '../../components/page-header.tsx';

export function PageLoading({ text }: { text: string }) {
  return (
    <HStack gap="3" py="10" justify="center" role="status">
      <Spinner size="sm" />
      <Text>{text}</Text>
    </HStack>
  );
}

export function NotAMember() {
  return (
    <Stack gap="4" py="6" align="start">
      <PageHeader
        title="You are not a member of this event"
        description="It may have been deleted, or you have left it or been removed."
      />
      <Button asChild>
        <RouterLink to={paths.dashboard.href()}>Back to the dashboard</RouterLink>
      </Button>
    </Stack>
  );
}

/** A whole page the event's tier does not include: 'Upgrade to {tier} to unlock this feature'. */
export function FeatureLocked({ tier, children }: { tier: Tier; children: ReactNode }) {
  return (
    <Alert.Root status="info" rounded="lg" alignItems="start" maxW="2xl">
      <Alert.Indicator>
        <Lock />
      </Alert.Indicator>
      <Alert.Content gap="2">
        <Alert.Title>{upgradeText(tier)}</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
        <Button asChild size="sm" colorPalette="forest" alignSelf="start" mt="1">
          <RouterLink to={paths.subscription.href()}>See plans</RouterLink>
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

interface RefusedChange {
  mutationId: string;
  kind: string;
  args: unknown;
  error?: { message?: string } | null;
}

/** The page's refused changes: what could not be done, the database's reason, Dismiss. */
export function RefusedChangeAlerts({
  changes,
  titleOf,
  onDismiss,
}: {
  changes: readonly RefusedChange[];
  titleOf(change: RefusedChange): string;
  onDismiss(mutationId: string): void;
}) {
  if (!changes.length) return null;
  return (
    <Stack gap="3" mb="4">
      {changes.map((change) => (
        <Alert.Root key={change.mutationId} status="error" role="alert" rounded="lg" alignItems="start">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{titleOf(change)}</Alert.Title>
            <Alert.Description>{change.error?.message ?? 'The change was refused.'}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => onDismiss(change.mutationId)}>
            Dismiss
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
