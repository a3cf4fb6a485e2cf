import { Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field.tsx';
import { Lock } from 'lucide-react';
import { FormMessage } from '../../components/form-message.tsx';
import type { ExpenseFormAction, ExpenseFormState } from './expense-form.ts';
import { SPLIT_MODES, type SplitMode } from './expense-split.ts';
import { formatMoney, type Payer, type Share } from './money.ts';

export interface Person {
  id: string;
  name: string;
}

interface FieldsetProps {
  form: ExpenseFormState;
  people: readonly Person[];
  update(action: ExpenseFormAction): void;
}

/** Several payers (advanced splitting): what each paid, and why the amounts do not make the expense yet. */
export function PayersFieldset({ form, people, update, payers }: FieldsetProps & { payers: Payer[] | string | null }) {
  return (
    <Stack gap="2" as="fieldset" borderWidth="1px" rounded="md" p="3" role="group" aria-label="Who paid">
      <Text textStyle="sm" fontWeight="medium">
        Who paid how much ({form.currency})
      </Text>
      {people.map((p) => (
        <HStack key={p.id} justify="space-between" gap="3">
          <Text textStyle="sm">{p.name}</Text>
          <Input
            size="sm"
            w="28"
            inputMode="decimal"
            placeholder="0.00"
            aria-label={`Paid by ${p.name}`}
            value={form.payerInputs[p.id] ?? ''}
            onChange={(e) => update({ type: 'payer-amount', userId: p.id, text: e.target.value })}
          />
        </HStack>
      ))}
      {typeof payers === 'string' ? <FormMessage status="info">{payers}</FormMessage> : null}
    </Stack>
  );
}

interface SplitFieldsetProps extends FieldsetProps {
  split: Share[] | string | null;
  hasAmount: boolean;
  /** Splitting is on the event's plan (starter); advanced modes are organizer. */
  canSplit: boolean;
  canSplitAdvanced: boolean;
  onUpgrade(tier: 'starter' | 'organizer'): void;
}

/** Whether and how the expense is split, between whom, each share as it comes out. */
export function SplitFieldset(props: SplitFieldsetProps) {
  const { form, people, update, split, hasAmount, canSplit, canSplitAdvanced, onUpgrade } = props;
  if (!canSplit) {
    return (
      <Button variant="outline" size="sm" alignSelf="start" onClick={() => onUpgrade('starter')}>
        <Lock aria-hidden />
        Split this expense
      </Button>
    );
  }
  const preview = Array.isArray(split) ? new Map(split.map((s) => [s.user_id, s.share_minor])) : null;
  const inputLabel = SPLIT_MODES.find((m) => m.value === form.mode)!.inputLabel;
  return (
    <Stack gap="3" as="fieldset" borderWidth="1px" rounded="md" p="3">
      <Checkbox.Root
        checked={form.isSplit}
        onCheckedChange={(d) => update({ type: 'split', isSplit: Boolean(d.checked) })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Split this expense</Checkbox.Label>
      </Checkbox.Root>
      {form.isSplit ? (
        <>
          <SelectField
            label="How"
            value={form.mode}
            onChange={(value) => {
              const mode = value as SplitMode;
              if (mode !== 'equal' && !canSplitAdvanced) return onUpgrade('organizer');
              update({ type: 'mode', mode });
            }}
            options={SPLIT_MODES.map((m) => ({
              value: m.value,
              label: m.value !== 'equal' && !canSplitAdvanced ? `${m.label} (Organizer)` : m.label,
            }))}
          />
          <Stack gap="2" role="group" aria-label="Split between">
            <Text textStyle="sm" fontWeight="medium">
              Split between
            </Text>
            {people.map((p) => {
              const isChosen = form.chosen.includes(p.id);
              return (
                <HStack key={p.id} justify="space-between" gap="3">
                  <Checkbox.Root
                    checked={isChosen}
                    onCheckedChange={(d) => update({ type: 'choose', userId: p.id, isChosen: Boolean(d.checked) })}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{p.name}</Checkbox.Label>
                  </Checkbox.Root>
                  <HStack gap="2">
                    {isChosen && form.mode !== 'equal' ? (
                      <Input
                        size="sm"
                        w="24"
                        inputMode="decimal"
                        aria-label={`${inputLabel} of ${p.name}`}
                        value={form.shareInputs[p.id] ?? ''}
                        onChange={(e) => update({ type: 'share-input', userId: p.id, text: e.target.value })}
                      />
                    ) : null}
                    <Text textStyle="sm" color="fg.muted" minW="20" textAlign="end">
                      {preview?.has(p.id) ? formatMoney(preview.get(p.id)!, form.currency) : ''}
                    </Text>
                  </HStack>
                </HStack>
              );
            })}
          </Stack>
          {typeof split === 'string' && hasAmount ? <FormMessage status="info">{split}</FormMessage> : null}
        </>
      ) : null}
    </Stack>
  );
}
