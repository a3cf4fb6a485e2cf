/**
 * A spinner that stands for a named loading state: screen readers announce its label. A bare
 * spinner is a span, and a span may not carry a label (axe: aria-prohibited-attr), so the label
 * always comes with the status role.
 */
import { Spinner, type SpinnerProps } from '@chakra-ui/react';

interface StatusSpinnerProps extends Omit<SpinnerProps, 'role' | 'aria-label'> {
  /** What is loading, as a screen reader says it: "Loading the photo". */
  label: string;
}

export function StatusSpinner({ label, ...spinner }: StatusSpinnerProps) {
  return <Spinner role="status" aria-label={label} {...spinner} />;
}
