import { Alert } from '@chakra-ui/react';

/** An error or success line under a form, announced to screen readers. */
export function FormMessage({ status, children }: { status: 'error' | 'success' | 'info'; children: string }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'} rounded="lg">
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{children}</Alert.Title>
    </Alert.Root>
  );
}
