/**
 * Reads rows back from the device database through their Zod schemas. A row that does not parse
 * (written by an older version, or damaged) is left out and reported once, never handed to the UI
 * with the wrong shape; the next pull writes a good copy.
 */
import type { z } from 'zod';
import { outboxEntrySchema, type OutboxEntry } from './outbox-schema.ts';

const reported = new Set<string>();

function report(what: string, key: unknown, error: z.ZodError): void {
  const id = `${what}:${String(key)}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.warn(`Ignoring an unreadable ${what} row ${String(key)}: ${error.issues[0]?.message ?? 'invalid'}`);
}

/** The rows that match `schema` (a feature's row schema), in the order given. */
export function parseRows<S extends z.ZodType>(schema: S, rows: readonly unknown[]): z.output<S>[] {
  const parsed: z.output<S>[] = [];
  for (const row of rows) {
    const result = schema.safeParse(row);
    if (result.success) parsed.push(result.data);
    else report(schema.description ?? 'device', (row as { key?: unknown } | null)?.key, result.error);
  }
  return parsed;
}

export function parseRow<S extends z.ZodType>(schema: S, row: unknown): z.output<S> | undefined {
  if (row === undefined || row === null) return undefined;
  return parseRows(schema, [row])[0];
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
