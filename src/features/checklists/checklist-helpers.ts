/**
 * Pure helpers of the checklists screen: progress, "my items" across lists (open first, then by
 * due date and the lists' order), and a list as plain text to share (the simple export).
 */
import { comparePositioned } from '../../sync/ordering.ts';

interface Item {
  id: string;
  checklist_id: string;
  text: string;
  quantity: number;
  assignee_id: string | null;
  due_date: string | null;
  done: boolean;
  position: string;
}

interface List {
  id: string;
  title: string;
  position: string;
}

export function progress(items: readonly Pick<Item, 'done'>[]): { done: number; total: number } {
  return { done: items.filter((i) => i.done).length, total: items.length };
}

export function myItems<T extends Item>(items: readonly T[], lists: readonly List[], me: string): T[] {
  const listOrder = new Map([...lists].sort(comparePositioned).map((l, i) => [l.id, i]));
  return items
    .filter((i) => i.assignee_id === me && listOrder.has(i.checklist_id))
    .sort(
      (a, b) =>
        Number(a.done) - Number(b.done) ||
        (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
        listOrder.get(a.checklist_id)! - listOrder.get(b.checklist_id)! ||
        comparePositioned(a, b),
    );
}

/** A list as plain text: title, then one line per item ("[x] Tent ×2 (Hannah, due 2027-07-01)"). */
export function checklistAsText(
  list: Pick<List, 'title'>,
  items: readonly Item[],
  nameOf: (userId: string) => string | null = () => null,
): string {
  const lines = [list.title];
  for (const item of [...items].sort(comparePositioned)) {
    const notes = [item.assignee_id ? nameOf(item.assignee_id) : null, item.due_date ? `due ${item.due_date}` : null]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `${item.done ? '[x]' : '[ ]'} ${item.text}${item.quantity > 1 ? ` ×${item.quantity}` : ''}${notes ? ` (${notes})` : ''}`,
    );
  }
  return lines.join('\n');
}
