/**
 * What a page shows around its own content: loading while the device database has not answered
 * yet, the page for someone who is not (or no longer) a member of the event, and the changes the
 * server refused, each with the database's reason and Dismiss.
 */
import { Alert, Button, HStack, Spinner, Stack, Text, type StackProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths.ts';
import { PageHeader } from './page-header.tsx';

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

interface RefusedChange {
  mutationId: string;
  kind: string;
  args: unknown;
  error?: { message?: string } | null;
}

interface RefusedChangeAlertsProps extends StackProps {
  changes: readonly RefusedChange[];
  titleOf(change: RefusedChange): string;
  onDismiss(mutationId: string): void;
  /** The reason shown when the server gave none. */
  fallbackReason?: string;
}

/** The page's refused changes: what could not be done, the database's reason, Dismiss. */
export function RefusedChangeAlerts({
  changes,
  titleOf,
  onDismiss,
  fallbackReason = 'The change was refused.',
  ...stack
}: RefusedChangeAlertsProps) {
  if (!changes.length) return null;
  return (
    <Stack gap="3" mb="4" {...stack}>
      {changes.map((change) => (
        <Alert.Root key={change.mutationId} status="error" role="alert" rounded="lg" alignItems="start">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{titleOf(change)}</Alert.Title>
            <Alert.Description>{change.error?.message ?? fallbackReason}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => onDismiss(change.mutationId)}>
            Dismiss
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
