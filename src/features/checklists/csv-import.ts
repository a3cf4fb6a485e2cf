/**
 * Structured import of checklist items from CSV (organizer): an item column (item, text, name),
 * optional quantity, due date (YYYY-MM-DD) and assignee (a name or email for the screen to match).
 */
import { columns, readCsv, type RowResult } from '../../lib/csv.ts';

export interface ChecklistItemInput {
  text: string;
  quantity: number;
  dueDate: string | null;
  assignee: string | null;
}

export function checklistItemsFromCsv(text: string): RowResult<ChecklistItemInput>[] {
  const [header, ...rows] = readCsv(text);
  if (!header) return [];
  const col = columns(header.fields, {
    text: ['item', 'text', 'name', 'title'],
    quantity: ['quantity', 'qty', 'amount', 'count'],
    dueDate: ['due', 'duedate', 'date'],
    assignee: ['assignee', 'assignedto', 'who', 'email'],
  });
  if (col.text === undefined) return [{ line: header.line, error: 'The file needs an "item" column.' }];
  return rows.map(({ line, fields: r, error }): RowResult<ChecklistItemInput> => {
    if (error) return { line, error: `The row could not be read: ${error}.` };
    const itemText = (r[col.text] ?? '').trim();
    if (!itemText) return { line, error: 'The item has no text.' };
    if (itemText.length > 500) return { line, error: 'Items can be 500 characters at most.' };
    const rawQuantity = col.quantity === undefined ? '' : (r[col.quantity] ?? '').trim();
    const quantity = rawQuantity === '' ? 1 : Number(rawQuantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100000)
      return { line, error: `"${rawQuantity}" is not a quantity.` };
    const due = col.dueDate === undefined ? '' : (r[col.dueDate] ?? '').trim();
    if (due && !/^\d{4}-\d{2}-\d{2}$/.test(due)) return { line, error: `"${due}" is not a date (YYYY-MM-DD).` };
    const assignee = col.assignee === undefined ? '' : (r[col.assignee] ?? '').trim();
    return { line, value: { text: itemText, quantity, dueDate: due || null, assignee: assignee || null } };
  });
}
