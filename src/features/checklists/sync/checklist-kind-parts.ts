/** What the checklist kinds share: their entity references, argument pieces and the rows they make. */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import type { ChecklistItemRow, ChecklistRow } from './checklist-rows.ts';

export const eventRef = kit.refTo('event');
export const listRef = kit.refTo('checklist');
export const itemRef = kit.refTo('checklist-item');
export const templateRef = kit.refTo('checklist-template');

export const position = z.string().regex(/^[0-9A-Za-z]{0,199}[1-9A-Za-z]$/, 'Invalid position');

/** An item of a list being copied (a clone, a list from a template), with its copy's id. */
export const copiedItem = z.object({
  id: z.string(),
  text: z.string(),
  quantity: z.number().int(),
  position: z.string(),
});

/** The device row of a new, open item made by this user at `at`. */
export function newItemRow(
  userId: string,
  list: { id: string; eventId: string },
  item: { id: string; text: string; quantity: number; position: string },
  at: string,
): ChecklistItemRow {
  return {
    key: item.id,
    id: item.id,
    checklist_id: list.id,
    event_id: list.eventId,
    text: item.text,
    quantity: item.quantity,
    assignee_id: null,
    due_date: null,
    done: false,
    done_by: null,
    done_at: null,
    position: item.position,
    created_by: userId,
    updated_by: userId,
    created_at: at,
    updated_at: at,
  };
}

/** Puts the copies of `items` into list `list` unless they are there already (a rebase). */
export async function putCopiedItems(
  w: kit.LocalWriter,
  list: { id: string; eventId: string },
  items: readonly z.infer<typeof copiedItem>[] | undefined,
  at: string,
): Promise<void> {
  for (const item of items ?? []) {
    if (!(await w.get('checklistItems', item.id))) await w.put('checklistItems', newItemRow(w.userId, list, item, at));
  }
}

/** The device row of a list this user makes (kept as it is where a rebase finds it already). */
export async function putList(
  w: kit.LocalWriter,
  list: Pick<ChecklistRow, 'id' | 'event_id' | 'title' | 'kind' | 'position'>,
  at: string,
): Promise<void> {
  const existing = await w.get('checklists', list.id);
  await w.put('checklists', {
    key: list.id,
    ...list,
    created_by: existing?.created_by ?? w.userId,
    ...kit.madeAt(existing, at),
  });
}
