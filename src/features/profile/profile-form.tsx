import { Button, Card, Field, Heading, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import type { ProfileRow } from '../../db/row-schemas.ts';
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
  const [values, setValues] = useState(initial);
  const [message, setMessage] = useState<{ status: 'error' | 'success'; text: string } | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
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
    <Card.Root as="section" aria-labelledby="profile-form-title">
      <Card.Body>
        <Stack asChild gap="4">
          <form onSubmit={(e) => void save(e)} aria-labelledby="profile-form-title">
            <Heading as="h2" id="profile-form-title" textStyle="lg">
              Personal details
            </Heading>
            <Field.Root>
              <Field.Label>Full name</Field.Label>
              <Input
                value={values.name}
                autoComplete="name"
                onChange={(e) => setValues({ ...values, name: e.target.value })}
              />
              <Field.HelperText>Your first word is your first name; the rest is your last name.</Field.HelperText>
            </Field.Root>
            <Field.Root readOnly>
              <Field.Label>Email</Field.Label>
              <Input value={profile.email ?? ''} readOnly />
            </Field.Root>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {FIELDS.map((field) => (
                <Field.Root key={field.key}>
                  <Field.Label>{field.label}</Field.Label>
                  <Input
                    value={values[field.key]}
                    autoComplete={field.autoComplete}
                    onChange={(e) => setValues({ ...values, [field.key]: e.target.value })}
                  />
                </Field.Root>
              ))}
            </SimpleGrid>
            {message ? <FormMessage status={message.status}>{message.text}</FormMessage> : null}
            <Button type="submit" alignSelf={{ base: 'stretch', sm: 'flex-end' }}>
              Save changes
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
