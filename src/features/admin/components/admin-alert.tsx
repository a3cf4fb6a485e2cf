import { Alert } from '@chakra-ui/react';
import { errorText } from '../admin-errors.ts';

/** An error (or success) of an admin action: the spec's text, with the server's reason below. */
export function AdminAlert({
  status = 'error',
  message,
  detail = null,
}: {
  status?: 'error' | 'success' | 'info';
  message: string;
  detail?: string | null;
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'} rounded="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="medium" overflowWrap="anywhere">
          {message}
        </Alert.Title>
        {detail ? <Alert.Description>{detail}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/** A failed admin action shown in its dialog: the spec's `fallback` text unless the error carries its own. */
export function adminErrorOf(fallback: string) {
  return (failure: unknown) => <AdminAlert {...errorText(failure, fallback)} />;
}
