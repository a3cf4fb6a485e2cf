import { Field, Input, Textarea, type InputProps, type TextareaProps } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

interface TextFieldProps extends Omit<InputProps, 'children'> {
  label: ReactNode;
  helperText?: ReactNode;
  errorText?: string | null;
  /** Marked as wrong without an error text under it (the form says why elsewhere). */
  invalid?: boolean;
  /** Whether a required field's label shows the asterisk (forms where every field is required leave it out). */
  marksRequired?: boolean;
}

/** A labelled input with its hint and its error; a required one is marked in its label. */
export function TextField({
  id,
  label,
  helperText,
  errorText,
  invalid,
  required,
  readOnly,
  marksRequired = true,
  ...input
}: TextFieldProps) {
  return (
    <Field.Root id={id} invalid={invalid ?? Boolean(errorText)} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        {marksRequired ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input {...input} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  );
}

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & { label?: string };

/** A required email field, with the phone's email keyboard and autofill. */
export function EmailField({ label = 'Email', ...props }: FieldProps) {
  return <TextField label={label} type="email" inputMode="email" autoComplete="email" required {...props} />;
}

/** A required password field; say which `autoComplete` (current-password or new-password). */
export function PasswordField({ label = 'Password', ...props }: FieldProps) {
  return <TextField label={label} type="password" required {...props} />;
}

/** A labelled text area (notes, a description). */
export function TextAreaField({ label, ...textarea }: Omit<TextareaProps, 'children'> & { label: ReactNode }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Textarea {...textarea} />
    </Field.Root>
  );
}
