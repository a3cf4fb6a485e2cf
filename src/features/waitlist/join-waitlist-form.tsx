import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { EmailField, TextField } from '../../components/text-field.tsx';

import { joinWaitlist } from './waitlist-service.ts';
import { useFormValues } from '../../lib/use-form-values.ts';

/** Name (optional) and email onto the waitlist. */
export function JoinWaitlistForm() {
  const { values, bind } = useFormValues({ name: '', email: '' });
  const { name, email } = values;
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
        <TextField id="waitlist-name" size="lg" label="Name" autoComplete="name" {...bind('name')} />
        <EmailField size="lg" id="waitlist-email" invalid={result !== null && !result.ok} {...bind('email')} />
        {result && !result.ok ? <FormMessage status="error">{result.message}</FormMessage> : null}
        <Button type="submit" size="lg" colorPalette="ember" loading={isSubmitting} loadingText="Joining...">
          Join the waitlist
        </Button>
      </Stack>
    </form>
  );
}
