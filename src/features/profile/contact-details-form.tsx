import { Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormCard, type FormCardMessage } from '../../components/form-card.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useFormValues } from '../../lib/use-form-values.ts';
import { mutate } from '../../data/index.ts';
import type { ProfileRow } from './sync/profile-rows.ts';
import { contactProblem } from './sync/profile-fields.ts';

type Field = 'phone' | 'emergency_contact_name' | 'emergency_contact_phone';
type Problem = { field: Field; message: string } | null;

/**
 * The optional phone number and emergency contact, each with "Share with my crews" (off until the
 * user turns it on): co-members see only what is shared, on the crew sheet (the database decides).
 */
export function ContactDetailsForm({ profile }: { profile: ProfileRow }) {
  const initial = {
    phone: profile.phone ?? '',
    emergency_contact_name: profile.emergency_contact_name ?? '',
    emergency_contact_phone: profile.emergency_contact_phone ?? '',
  };
  const { values, bind } = useFormValues(initial);
  const [sharePhone, setSharePhone] = useState(profile.share_phone);
  const [shareEmergency, setShareEmergency] = useState(profile.share_emergency_contact);
  const [problem, setProblem] = useState<Problem>(null);
  const [message, setMessage] = useState<FormCardMessage>(null);

  async function save() {
    const changes: Record<string, string | boolean | null> = Object.fromEntries(
      (Object.keys(initial) as Field[])
        .filter((key) => values[key].trim() !== initial[key].trim())
        .map((key) => [key, values[key].trim() || null]),
    );
    if (sharePhone !== profile.share_phone) changes.share_phone = sharePhone;
    if (shareEmergency !== profile.share_emergency_contact) changes.share_emergency_contact = shareEmergency;
    const found = contactProblem(changes, profile);
    setProblem(found);
    if (found) return setMessage({ status: 'error', text: found.message });
    if (!Object.keys(changes).length) return setMessage({ status: 'success', text: 'Contact details saved' });
    try {
      await mutate('profile.update', { changes });
      setMessage({ status: 'success', text: 'Contact details saved' });
    } catch (error) {
      setMessage({ status: 'error', text: error instanceof Error ? error.message : 'Failed to update profile' });
    }
  }

  const errorOf = (field: Field) => (problem?.field === field ? problem.message : null);
  return (
    <FormCard
      title="Contact details"
      description="Optional. Your crews see them on the crew sheet only if you share them."
      submitLabel="Save contact details"
      message={message}
      onSubmit={save}
    >
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        errorText={errorOf('phone')}
        {...bind('phone')}
      />
      <ShareSwitch label="Share my phone number with my crews" checked={sharePhone} onChange={setSharePhone} />
      <Stack gap="3">
        <Text fontWeight="medium">Emergency contact</Text>
        <TextField
          label="Name"
          autoComplete="off"
          errorText={errorOf('emergency_contact_name')}
          {...bind('emergency_contact_name')}
        />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          errorText={errorOf('emergency_contact_phone')}
          {...bind('emergency_contact_phone')}
        />
        <ShareSwitch
          label="Share my emergency contact with my crews"
          checked={shareEmergency}
          onChange={setShareEmergency}
        />
      </Stack>
    </FormCard>
  );
}

function ShareSwitch(props: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <Switch.Root
      checked={props.checked}
      onCheckedChange={(e) => props.onChange(e.checked)}
      minH="11"
      display="flex"
      alignItems="center"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{props.label}</Switch.Label>
    </Switch.Root>
  );
}
