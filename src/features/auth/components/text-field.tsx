import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TextFieldProps extends Omit<InputProps, 'children'> {
  label: string;
  helperText?: ReactNode;
  errorText?: string | null;
}

/** A labelled input with its hint and its error, as every auth form uses them. */
export function TextField({ id, label, helperText, errorText, required, readOnly, ...input }: TextFieldProps) {
  return (
    <Field.Root id={id} invalid={Boolean(errorText)} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input size="lg" {...input} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  );
}
