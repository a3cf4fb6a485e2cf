/**
 * One conflict rule for every synced page: two members editing the same field group of one row
 * (offline, or at the same moment) converge on the later-made edit, and the member whose edit lost
 * is told. The database decides it (public.edit_later_wins, one trigger per table naming the same
 * groups as here); the device sends with each edit when it was made and which edit of each changed
 * group it was based on, marks the groups it changed so it shows what the server will keep, and
 * reads `replaced` to tell its user (src/components/replaced-notices.tsx).
 */
import { z } from 'zod';
import { nullableText } from '../db/row-values.ts';
import { object, objects, str, text } from './server-values.ts';

/** The field groups of a table: a later-made edit wins a whole group; `label` names it in the notice. */
export type EditGroups = Readonly<Record<string, { readonly fields: readonly string[]; readonly label: string }>>;

/** When a field group of a row was last changed, and by whom. */
const fieldEditSchema = z.object({ at: z.string(), by: nullableText });

export type FieldEdits = Record<string, z.infer<typeof fieldEditSchema>>;

/** A change that a concurrent, later-made change replaced (kept for its author to see). */
const replacedEditSchema = z.object({
  group: z.string(),
  value: z.record(z.string(), z.unknown()),
  by: nullableText,
  at: z.string(),
  replaced_by: nullableText,
  replaced_at: z.string(),
});

export type ReplacedEdit = z.infer<typeof replacedEditSchema>;

/** The columns a device row keeps of the rule (rows stored before them lack them). */
export const editTracking = {
  field_edits: z.record(z.string(), fieldEditSchema).optional(),
  replaced: z.array(replacedEditSchema).optional(),
};

/** The columns only an edit sends: the device never keeps them. */
export const sentOnly = { edited_at: true, edit_base: true } as const;

/** The groups an edit's changed fields belong to. */
export function groupsOf(groups: EditGroups, changes: object): string[] {
  return Object.keys(groups).filter((group) => groups[group].fields.some((field) => field in changes));
}

/** What an edit changing `changes` was based on: the last edit time of each changed group the row had. */
export function editBase(
  groups: EditGroups,
  row: { field_edits?: FieldEdits } | null | undefined,
  changes: object,
): Record<string, string> {
  return Object.fromEntries(
    groupsOf(groups, changes)
      .map((g) => [g, row?.field_edits?.[g]?.at])
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The row's `field_edits` after this user's edit made at `at`, as the server will record it. */
export function markEdits(
  groups: EditGroups,
  row: { field_edits?: FieldEdits } | undefined,
  changes: object,
  at: string,
  userId: string,
): FieldEdits {
  const mark = { at, by: userId };
  return { ...row?.field_edits, ...Object.fromEntries(groupsOf(groups, changes).map((g) => [g, mark])) };
}

/** A new row's `field_edits`: every group made by its creator at its creation. */
export function firstMarks(groups: EditGroups, at: string, userId: string): FieldEdits {
  return Object.fromEntries(Object.keys(groups).map((g) => [g, { at, by: userId }]));
}

/** A pull source's converters of the rule's columns (the server's jsonb into the device's shapes). */
export const editConverters = {
  // {group: {at, by}}: when each field group was last changed, and by whom.
  field_edits: (r: { field_edits: unknown }): FieldEdits =>
    Object.fromEntries(
      Object.entries(object(r.field_edits) ?? {}).map(([group, edit]) => {
        const e = object(edit);
        return [group, { at: str(e?.at), by: text(e?.by) }];
      }),
    ),
  replaced: (r: { replaced: unknown }): ReplacedEdit[] =>
    objects(r.replaced).map((e) => ({
      group: str(e.group),
      value: object(e.value) ?? {},
      by: text(e.by),
      at: str(e.at),
      replaced_by: text(e.replaced_by),
      replaced_at: str(e.replaced_at),
    })),
};
