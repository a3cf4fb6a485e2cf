import { Button, Card, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { changePassword } from './password-service.ts';

/** Changing the password: the current one is checked first by signing in again. */
export function PasswordForm({ email }: { email: string | null }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ status: 'error' | 'success'; text: string } | null>(null);
  const mismatch = confirm && next !== confirm ? 'The new passwords do not match' : null;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!email || mismatch) return;
    if (next.length < 6) return setMessage({ status: 'error', text: 'The new password needs at least 6 characters' });
    setSaving(true);
    const error = await changePassword(email, current, next);
    setSaving(false);
    if (error) return setMessage({ status: 'error', text: error });
    setCurrent('');
    setNext('');
    setConfirm('');
    setMessage({ status: 'success', text: 'Password updated' });
  }

  return (
    <Card.Root as="section" aria-labelledby="password-title">
      <Card.Body>
        <Stack asChild gap="4">
          <form onSubmit={(e) => void save(e)} aria-labelledby="password-title">
            <Heading as="h2" id="password-title" textStyle="lg">
              Change password
            </Heading>
            <Field.Root required>
              <Field.Label>Current password</Field.Label>
              <Input
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            </Field.Root>
            <Field.Root required>
              <Field.Label>New password</Field.Label>
              <Input
                type="password"
                autoComplete="new-password"
                value={next}
                onChange={(e) => setNext(e.target.value)}
              />
              <Field.HelperText>At least 6 characters.</Field.HelperText>
            </Field.Root>
            <Field.Root required invalid={Boolean(mismatch)}>
              <Field.Label>Confirm new password</Field.Label>
              <Input
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
              {mismatch ? <Field.ErrorText>{mismatch}</Field.ErrorText> : null}
            </Field.Root>
            {message ? <FormMessage status={message.status}>{message.text}</FormMessage> : null}
            <Button
              type="submit"
              loading={isSaving}
              disabled={!current || !next || !confirm}
              alignSelf={{ base: 'stretch', sm: 'flex-end' }}
            >
              Update password
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
