/**
 * Reads rows back from the device database through their Zod schemas. A row that does not parse
 * (written by an older version, or damaged) is left out and reported once, never handed to the UI
 * with the wrong shape; the next pull writes a good copy.
 */
import type { z } from 'zod';
import { outboxEntrySchema, type OutboxEntry } from './outbox-schema.ts';
import { rowSchemas, type MirrorTable, type RowOf } from './row-schemas.ts';

const reported = new Set<string>();

function report(what: string, key: unknown, error: z.ZodError): void {
  const id = `${what}:${String(key)}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.warn(`Ignoring an unreadable ${what} row ${String(key)}: ${error.issues[0]?.message ?? 'invalid'}`);
}

/** The rows of `table` that match its schema, in the order given. */
export function parseRows<T extends MirrorTable>(table: T, rows: readonly unknown[]): RowOf[T][] {
  const schema = rowSchemas[table] as unknown as z.ZodType<RowOf[T]>;
  const parsed: RowOf[T][] = [];
  for (const row of rows) {
    const result = schema.safeParse(row);
    if (result.success) parsed.push(result.data);
    else report(table, (row as { key?: unknown } | null)?.key, result.error);
  }
  return parsed;
}

export function parseRow<T extends MirrorTable>(table: T, row: unknown): RowOf[T] | undefined {
  if (row === undefined || row === null) return undefined;
  return parseRows(table, [row])[0];
}

export function parseOutbox(rows: readonly unknown[]): OutboxEntry[] {
  const parsed: OutboxEntry[] = [];
  for (const row of rows) {
    const result = outboxEntrySchema.safeParse(row);
    if (result.success) parsed.push(result.data);
    else report('outbox', (row as { seq?: unknown } | null)?.seq, result.error);
  }
  return parsed;
}
