import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { joinWaitlist } from './waitlist-service.ts';

/** Name (optional) and email onto the waitlist. */
export function JoinWaitlistForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setResult(await joinWaitlist(email, name));
    setSubmitting(false);
  }

  if (result?.ok) return <FormMessage status="success">{result.message}</FormMessage>;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Join the waitlist">
      <Stack gap="4">
        <Field.Root id="waitlist-name">
          <Field.Label>Name</Field.Label>
          <Input size="lg" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field.Root>
        <Field.Root id="waitlist-email" required invalid={result !== null && !result.ok}>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            size="lg"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field.Root>
        {result && !result.ok ? <FormMessage status="error">{result.message}</FormMessage> : null}
        <Button type="submit" size="lg" colorPalette="ember" loading={isSubmitting} loadingText="Joining...">
          Join the waitlist
        </Button>
      </Stack>
    </form>
  );
}
