import type { ChecklistKind } from '../../db/row-schemas.ts';

export const KIND_LABELS: Record<ChecklistKind, string> = { packing: 'Packing', shopping: 'Shopping', todo: 'To-do' };
export const KINDS = Object.keys(KIND_LABELS) as ChecklistKind[];
