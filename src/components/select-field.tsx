import { Field, NativeSelect, type FieldRootProps } from '@chakra-ui/react';
import type { ChangeEvent, ReactNode } from 'react';

interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<FieldRootProps, 'onChange'> {
  label: ReactNode;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string, e: ChangeEvent<HTMLSelectElement>): void;
  /** Under the select. */
  helperText?: ReactNode;
}

/** A labelled native select (the phone's own picker), with an optional hint under it. */
export function SelectField({ label, value, options, onChange, helperText, disabled, ...field }: SelectFieldProps) {
  return (
    <Field.Root {...field}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value, e)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
