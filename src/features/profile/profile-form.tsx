import { SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { FormCard, type FormCardMessage } from '../../components/form-card.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useFormValues } from '../../lib/use-form-values.ts';
import type { ProfileRow } from './sync/profile-rows.ts';
import { mutate } from '../../data/index.ts';

const FIELDS = [
  { key: 'country', label: 'Country', autoComplete: 'country-name' },
  { key: 'postal_code', label: 'Postal code', autoComplete: 'postal-code' },
  { key: 'street_address', label: 'Street', autoComplete: 'address-line1' },
  { key: 'street_number', label: 'Number', autoComplete: 'address-line2' },
] as const;

type Values = Record<'name' | (typeof FIELDS)[number]['key'], string>;

/** Name (split into first and last name by the profile kind) and the address fields. */
export function ProfileForm({ profile }: { profile: ProfileRow }) {
  const initial: Values = {
    name: profile.name ?? '',
    country: profile.country ?? '',
    postal_code: profile.postal_code ?? '',
    street_address: profile.street_address ?? '',
    street_number: profile.street_number ?? '',
  };
  const { values, bind } = useFormValues(initial);
  const [message, setMessage] = useState<FormCardMessage>(null);

  async function save() {
    const changes = Object.fromEntries(
      Object.entries(values)
        .filter(([key, value]) => value.trim() !== initial[key as keyof Values].trim())
        .map(([key, value]) => [key, value.trim() || null]),
    );
    if (!Object.keys(changes).length) return setMessage({ status: 'success', text: 'Profile updated' });
    try {
      await mutate('profile.update', { changes });
      setMessage({ status: 'success', text: 'Profile updated' });
    } catch {
      setMessage({ status: 'error', text: 'Failed to update profile' });
    }
  }

  return (
    <FormCard title="Personal details" submitLabel="Save changes" message={message} onSubmit={save}>
      <TextField
        label="Full name"
        autoComplete="name"
        helperText="Your first word is your first name; the rest is your last name."
        {...bind('name')}
      />
      <TextField label="Email" value={profile.email ?? ''} readOnly />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {FIELDS.map((field) => (
          <TextField key={field.key} label={field.label} autoComplete={field.autoComplete} {...bind(field.key)} />
        ))}
      </SimpleGrid>
    </FormCard>
  );
}
