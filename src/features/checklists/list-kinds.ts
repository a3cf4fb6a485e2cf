import type { ChecklistKind } from './sync/checklist-rows.ts';

export const KIND_LABELS: Record<ChecklistKind, string> = { packing: 'Packing', shopping: 'Shopping', todo: 'To-do' };
export const KINDS = Object.keys(KIND_LABELS) as ChecklistKind[];
