import { MutationValidationError } from '../../data/index.ts';

/** The text to show for a change that could not be queued: the rule it broke, else the spec's fallback. */
export function mutateErrorText(error: unknown, fallback: string): string {
  if (error instanceof MutationValidationError) return error.message;
  if (error instanceof Error && error.message === 'No authenticated user') return error.message;
  return fallback;
}
