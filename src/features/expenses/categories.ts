/** The names of the expense categories, as the page and the form show them. */
import type { EXPENSE_CATEGORIES } from './sync/expense-kinds.ts';

export const CATEGORY_LABELS: Record<(typeof EXPENSE_CATEGORIES)[number], string> = {
  food: 'Food',
  drinks: 'Drinks',
  transport: 'Transport',
  camping: 'Camping',
  tickets: 'Tickets',
  gear: 'Gear',
  other: 'Other',
};
