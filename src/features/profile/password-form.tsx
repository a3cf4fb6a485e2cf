import { useState } from 'react';
import { FormCard, type FormCardMessage } from '../../components/form-card.tsx';
import { PasswordField } from '../../components/text-field.tsx';
import { changePassword } from './password-service.ts';
import { useFormValues } from '../../lib/use-form-values.ts';

/** Changing the password: the current one is checked first by signing in again. */
export function PasswordForm({ email }: { email: string | null }) {
  const { values, bind, setValues } = useFormValues({ current: '', next: '', confirm: '' });
  const { current, next, confirm } = values;
  const [isSaving, setSaving] = useState(false);
  const [message, setMessage] = useState<FormCardMessage>(null);
  const mismatch = confirm && next !== confirm ? 'The new passwords do not match' : null;

  async function save() {
    if (!email || mismatch) return;
    if (next.length < 6) return setMessage({ status: 'error', text: 'The new password needs at least 6 characters' });
    setSaving(true);
    const error = await changePassword(email, current, next);
    setSaving(false);
    if (error) return setMessage({ status: 'error', text: error });
    setValues({ current: '', next: '', confirm: '' });
    setMessage({ status: 'success', text: 'Password updated' });
  }

  return (
    <FormCard
      title="Change password"
      submitLabel="Update password"
      message={message}
      onSubmit={save}
      isSaving={isSaving}
      isSubmitDisabled={!current || !next || !confirm}
    >
      <PasswordField
        marksRequired={false}
        label="Current password"
        autoComplete="current-password"
        {...bind('current')}
      />
      <PasswordField
        marksRequired={false}
        label="New password"
        autoComplete="new-password"
        helperText="At least 6 characters."
        {...bind('next')}
      />
      <PasswordField
        marksRequired={false}
        label="Confirm new password"
        autoComplete="new-password"
        errorText={mismatch}
        {...bind('confirm')}
      />
    </FormCard>
  );
}
