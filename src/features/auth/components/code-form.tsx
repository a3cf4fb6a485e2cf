import { Button, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { CODE_FORMAT_ERROR, CODE_PATTERN, verifiedFactorId, verifyCode } from '../second-factor-service.ts';

interface CodeFormProps {
  /** The factor to check the code of; the user's verified one when not given (sign-in, step-up). */
  factorId?: string;
  /** The form's accessible name. */
  label: string;
  submitLabel?: string;
  /** Called once the code was right (the session is aal2 now). */
  onVerified(): void;
  /** Below the button (sign out, cancel). */
  footer?: ReactNode;
  /** Prefix of the field's id, unique on the page. */
  idPrefix?: string;
}

/**
 * The 6-digit code of an authenticator app: the phone's number pad and one-time-code autofill,
 * the auth service's answer in clear words, the field emptied after a wrong code.
 */
export function CodeForm({
  factorId,
  label,
  submitLabel = 'Verify',
  onVerified,
  footer,
  idPrefix = 'code',
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);

  async function check() {
    const digits = code.replace(/\s/g, '');
    if (!CODE_PATTERN.test(digits)) return setError(CODE_FORMAT_ERROR);
    setChecking(true);
    setError(null);
    let id = factorId ?? null;
    if (!id) {
      const found = await verifiedFactorId();
      id = found.factorId;
      if (!id) {
        setChecking(false);
        return setError(found.error ?? 'No authenticator app is set up for this account.');
      }
    }
    const outcome = await verifyCode(id, digits);
    setChecking(false);
    if (outcome.error) {
      setCode('');
      return setError(outcome.error);
    }
    onVerified();
  }

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void check();
      }}
    >
      <Stack gap="4">
        <TextField
          id={`${idPrefix}-field`}
          label="6-digit code"
          marksRequired={false}
          size="lg"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          letterSpacing="0.3em"
          fontVariantNumeric="tabular-nums"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
          invalid={Boolean(error)}
          helperText="Open your authenticator app and enter the code it shows for CrewCamp."
        />
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        <Button type="submit" size="lg" loading={isChecking} loadingText="Checking...">
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
