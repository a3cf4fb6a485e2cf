/**
 * Pure rules of the checklists screen: which tier features of the page are open (the event's tier
 * for templates and cloning, exports and imports; the user's own tier for duplicating templates,
 * as the database decides), CSV rows matched to the event's members, and an item form read into the
 * fields that changed.
 */
import { featureRequiredTier } from '../../access/check-access.ts';
import { tierRank, upgradeText, type Tier } from '../../access/tiers.ts';
import type { RowResult } from '../../lib/csv.ts';
import type { ChecklistItemInput } from './csv-import.ts';

export type ChecklistFeature = 'templates_cloning' | 'simple_exports' | 'structured_imports' | 'duplicate_templates';

/** Null when the feature is open, else the upgrade prompt's text. */
export function featureLock(feature: ChecklistFeature, eventTier: Tier, userTier: Tier): string | null {
  const required = featureRequiredTier(feature) ?? 'free';
  const tier = feature === 'duplicate_templates' ? userTier : eventTier;
  return tierRank(tier) >= tierRank(required) ? null : upgradeText(required);
}

export interface Member {
  user_id: string;
  name: string | null;
  email: string | null;
}

export interface ImportItem {
  text: string;
  quantity: number;
  dueDate: string | null;
  assigneeId: string | null;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The member a CSV "assignee" cell names: an email, a full name or a unique first name. */
export function findMember(members: readonly Member[], who: string): Member | null {
  const wanted = norm(who);
  const exact = members.find((m) => (m.email && norm(m.email) === wanted) || (m.name && norm(m.name) === wanted));
  if (exact) return exact;
  const byFirst = members.filter((m) => m.name && norm(m.name).split(' ')[0] === wanted);
  return byFirst.length === 1 ? byFirst[0] : null;
}

/** CSV rows with their assignee matched; a row naming nobody of the event is a bad row. */
export function matchImportRows(
  rows: readonly RowResult<ChecklistItemInput>[],
  members: readonly Member[],
): RowResult<ImportItem>[] {
  return rows.map((row) => {
    if ('error' in row) return row;
    const { assignee, ...rest } = row.value;
    if (!assignee) return { line: row.line, value: { ...rest, assigneeId: null } };
    const member = findMember(members, assignee);
    if (!member) return { line: row.line, error: `"${assignee}" is not a member of this event.` };
    return { line: row.line, value: { ...rest, assigneeId: member.user_id } };
  });
}

export interface ItemFormValues {
  text: string;
  quantity: string;
  assigneeId: string;
  dueDate: string;
}

export interface ItemFields {
  text: string;
  quantity: number;
  assignee_id: string | null;
  due_date: string | null;
}

/** The fields of an item form that differ from the item, or the reason the form is refused. */
export function itemChanges(
  item: ItemFields,
  form: ItemFormValues,
): { changes: Partial<ItemFields> } | { error: string } {
  const text = form.text.trim();
  if (!text) return { error: 'The item needs a text.' };
  if (text.length > 500) return { error: 'Items can be 500 characters at most.' };
  const quantity = Number(form.quantity.trim());
  if (!form.quantity.trim() || !Number.isInteger(quantity) || quantity < 1 || quantity > 100000)
    return { error: 'The quantity must be a whole number from 1 to 100000.' };
  if (form.dueDate && !/^\d{4}-\d{2}-\d{2}$/.test(form.dueDate)) return { error: 'The due date is not a date.' };
  const next: ItemFields = {
    text,
    quantity,
    assignee_id: form.assigneeId || null,
    due_date: form.dueDate || null,
  };
  const changes: Partial<ItemFields> = {};
  for (const key of Object.keys(next) as (keyof ItemFields)[]) {
    if (next[key] !== item[key]) Object.assign(changes, { [key]: next[key] });
  }
  return { changes };
}
