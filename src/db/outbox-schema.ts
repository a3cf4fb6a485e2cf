/**
 * The outbox entry and the engine's bookkeeping rows. An entry is one user change waiting for,
 * or being sent to, the backend. It stays "live" (its optimistic change is part of what the
 * device shows) while pending, sending, paused for auth, or acknowledged but not yet seen in a
 * pull; a rejected entry is rolled back and kept with its reason until the user discards or
 * retries it.
 */
import { z } from 'zod';

const outboxStatuses = ['pending', 'sending', 'needs-auth', 'acked', 'rejected'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];
/** Statuses whose optimistic change the device shows. */
export const liveStatuses: readonly OutboxStatus[] = ['pending', 'sending', 'needs-auth', 'acked'];

const outboxErrorSchema = z.object({
  http: z.number(),
  code: z.string(),
  message: z.string(),
});
export type OutboxError = z.infer<typeof outboxErrorSchema>;

export const outboxEntrySchema = z.object({
  seq: z.number().int(),
  mutationId: z.string(),
  kind: z.string(),
  args: z.unknown(),
  dependsOn: z.array(z.string()),
  userId: z.string(),
  createdAt: z.number(),
  attempts: z.number().int(),
  nextAttemptAt: z.number(),
  status: z.enum(outboxStatuses),
  error: outboxErrorSchema.nullable(),
  /** `{table}:{key}` of every row the optimistic change wrote (for rollback and rebase). */
  touched: z.array(z.string()),
  /** Entity references the change needs to exist (`event:{id}`), for ordering and dependencies. */
  refs: z.array(z.string()),
  /** Entity references the change creates. */
  creates: z.array(z.string()),
  ackedAt: z.number().nullable(),
  /** Kept failing with 5xx: no longer holds up the entries behind it that do not depend on it. */
  isParked: z.boolean().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/**
 * The last server state of a row that a live entry has changed optimistically (`row: null` when
 * the server has no such row). Key: `{table}:{key}`.
 */
export interface ShadowRow {
  id: string;
  table: string;
  rowKey: string;
  row: Record<string, unknown> | null;
}

/** Engine metadata: pull cursors, client id, last sync time. */
export interface MetaRow {
  key: string;
  value: unknown;
}
