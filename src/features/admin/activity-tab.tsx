import { Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field.tsx';
import { format } from 'date-fns';
import { useState } from 'react';
import { ACTION_LABELS, actionLabel, dayRange, describeActivity } from './activity-filter.ts';
import { fetchActivity, fetchAdmins } from './admin-api.ts';
import { AdminAlert } from './components/admin-alert.tsx';
import { OfflineNotice } from './components/offline-notice.tsx';
import { useAdminData } from './use-admin-data.ts';
import { useIsOnline } from '../../data/use-is-online.ts';
import { StatusSpinner } from '../../components/status-spinner.tsx';

/** `/admin/activity`: the admin actions, newest first, filtered by actor, action and day. */
export function ActivityTab() {
  const isOnline = useIsOnline();
  const [actorId, setActorId] = useState('');
  const [action, setAction] = useState('');
  const [date, setDate] = useState('');
  const admins = useAdminData(fetchAdmins, 'Failed to fetch users');
  const activity = useAdminData(
    () => fetchActivity({ actorId, action, range: dayRange(date) }),
    'Failed to fetch activity',
    `${actorId}|${action}|${date}`,
  );

  if (!isOnline) return <OfflineNotice />;
  return (
    <Stack gap="4">
      <HStack
        as="form"
        aria-label="Filter the activity"
        gap="3"
        wrap="wrap"
        align="end"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          id="activity-actor"
          w={{ base: 'full', sm: '56' }}
          label="Actor"
          value={actorId}
          onChange={setActorId}
          options={[
            { value: '', label: 'Every admin' },
            ...(admins.data ?? []).map((admin) => ({ value: admin.id, label: admin.name ?? admin.email ?? '' })),
          ]}
        />
        <SelectField
          id="activity-action"
          w={{ base: 'full', sm: '56' }}
          label="Action"
          value={action}
          onChange={setAction}
          options={[
            { value: '', label: 'Every action' },
            ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <Field.Root id="activity-date" w={{ base: 'full', sm: '44' }}>
          <Field.Label>Day</Field.Label>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field.Root>
      </HStack>
      {activity.error ? <AdminAlert message={activity.error.message} detail={activity.error.detail} /> : null}
      {!activity.data ? (
        <StatusSpinner label="Loading activity" />
      ) : activity.data.length === 0 ? (
        <Text color="fg.muted">No admin activity matches.</Text>
      ) : (
        <Table.ScrollArea
          borderWidth="1px"
          rounded="lg"
          tabIndex={0}
          role="region"
          aria-label="Admin activity (scrolls sideways)"
        >
          <Table.Root size="sm" aria-label="Admin activity">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Who</Table.ColumnHeader>
                <Table.ColumnHeader>Action</Table.ColumnHeader>
                <Table.ColumnHeader>On</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {activity.data.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell whiteSpace="nowrap">{format(new Date(row.created_at), 'd MMM yyyy, HH:mm')}</Table.Cell>
                  <Table.Cell>{row.actor?.name ?? row.actor?.email ?? 'System'}</Table.Cell>
                  <Table.Cell>{actionLabel(row.action)}</Table.Cell>
                  <Table.Cell wordBreak="break-word">{describeActivity(row)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
