import { Alert, Button, Card, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ADMIN_TABS, paths, type AdminTab } from '../../lib/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { TabbedPage } from '../../components/tab-links.tsx';
import { CodeForm } from '../auth/index.ts';
import { useAdminAccess } from './use-admin-access.ts';

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  settings: 'Settings',
  waitlist: 'Waitlist',
  accounts: 'Accounts',
  admins: 'Admins',
  activity: 'Activity',
};

const TITLE = 'Admin Panel';
const TWO_FACTOR_HREF = `${paths.profile.href('details')}#two-factor`;

/**
 * `/admin`: the admin panel's tabs around the current tab. As the database decides: an admin with
 * an authenticator app gives its code before the panel opens (the database refuses their admin
 * calls until then); an admin without one keeps the panel and is asked to set one up.
 */
export function AdminLayout() {
  const access = useAdminAccess();
  if (access === 'loading')
    return (
      <PageHeader title={TITLE}>
        <Text color="fg.muted" role="status">
          Checking your admin rights...
        </Text>
      </PageHeader>
    );
  if (access === 'step_up') return <StepUp />;
  return (
    <TabbedPage
      title={TITLE}
      label="Admin sections"
      tabs={ADMIN_TABS.map((tab) => ({ href: paths.admin.href(tab), label: ADMIN_TAB_LABELS[tab] }))}
      notice={access === 'enrol' ? <EnrolNotice /> : null}
    />
  );
}

/** The panel's own code step: the session proved only the password. */
function StepUp() {
  return (
    <>
      <PageHeader title={TITLE} />
      <Card.Root as="section" aria-label="Confirm it is you" maxW="md">
        <Card.Body gap="4">
          <Text fontWeight="semibold" textStyle="lg">
            Confirm it is you
          </Text>
          <Text color="fg.muted">
            Admin rights need two-factor sign-in. Enter the 6-digit code from your authenticator app to open the admin
            panel.
          </Text>
          {/* The code raises the session to aal2; useAdminAccess asks again with the new token. */}
          <CodeForm
            label="Admin code"
            idPrefix="admin-code"
            submitLabel="Open the admin panel"
            onVerified={() => undefined}
          />
        </Card.Body>
      </Card.Root>
    </>
  );
}

/** Admin rights work without a second factor, but an admin account should have one. */
function EnrolNotice() {
  return (
    <Alert.Root status="warning" rounded="lg" role="status">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>Set up two-factor sign-in</Alert.Title>
        <Alert.Description>
          Your account has admin rights but no authenticator app. Add one so that a stolen password alone cannot open
          the admin panel.
        </Alert.Description>
        <Button asChild size="lg" variant="outline" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <RouterLink to={TWO_FACTOR_HREF}>Set up two-factor sign-in</RouterLink>
        </Button>
      </Stack>
    </Alert.Root>
  );
}
