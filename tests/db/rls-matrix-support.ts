/**
 * What the row-level security matrix (rls-matrix.test.ts) is made of: the actors, the outcomes,
 * and for each table a kit that makes the row a case works on (as the owner, so setup is never
 * itself under test), the change an update tries, and how to tell afterwards what really happened.
 */
import type { TestBackend } from '../support/backend.ts';
import { uniqueEmail, type TestUser } from './events-support.ts';

/**
 * ok: the row was read or written. none: no error, but no row seen or changed (RLS filtered it).
 * denied: refused with 42501 (401 for the anonymous caller, 403 otherwise).
 * refused: a rule of the database refused it first (P0001, 400) and nothing changed.
 */
export type Outcome = 'ok' | 'none' | 'denied' | 'refused';
export type Op = 'select' | 'insert' | 'update' | 'delete';
export const OPS: Op[] = ['select', 'insert', 'update', 'delete'];
export const ACTORS = ['anonymous', 'outsider', 'member', 'eventAdmin', 'creator', 'siteAdmin', 'service'] as const;
export type Actor = (typeof ACTORS)[number];
export type UserActor = Exclude<Actor, 'anonymous' | 'service'>;

export interface TableKit {
  /** The column a case filters on to reach its row. */
  key: string;
  /** The row a select/update/delete case works on. */
  target(op: Op): Promise<string>;
  patch(): Record<string, unknown>;
  /** Whether the target row shows the patch (read as the owner). */
  changed(id: string, patch: Record<string, unknown>): Promise<boolean>;
  /** A row to insert as the actor; `lookup` is the column `id` is found by afterwards (default: key). */
  insert(actor: Actor): Promise<{ payload: Record<string, unknown>; id: string; lookup?: string }>;
  cleanup?(): Promise<void>;
}

/** The shared world of the matrix: one event, made by the creator (organizer tier, so every tier
 * feature is on), with the member and the event admin in it; the outsider and the site admin not. */
export class Matrix {
  private serial = 0;

  constructor(
    readonly backend: TestBackend,
    readonly users: Record<UserActor, TestUser>,
    readonly eventId: string,
  ) {}

  async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.backend.db.query<T>(text, params)).rows;
  }

  /** The column `v` of the first row. */
  async one(text: string, params: unknown[] = []): Promise<string> {
    const rows = await this.sql<{ v: string }>(text, params);
    return rows[0]?.v;
  }

  marker(): string {
    return `matrix-${this.serial++}`;
  }

  uuid(): Promise<string> {
    return this.one(`select gen_random_uuid()::text as v`);
  }

  /** An account made directly in auth.users (the trigger gives it a profile); nobody signs in as it. */
  spareUser(): Promise<string> {
    return this.one(`insert into auth.users (id, email) values (gen_random_uuid(), $1) returning id as v`, [
      uniqueEmail('spare'),
    ]);
  }

  /** Whether `col` of the row holds the patched value. */
  column(table: string, key: string, col: string) {
    return async (id: string, patch: Record<string, unknown>) =>
      (await this.one(`select ${col}::text as v from public.${table} where ${key}::text = $1`, [id])) ===
      String(patch[col]);
  }

  /** Whether the row is soft-deleted (the patch sets deleted_at). */
  deleted(table: string, key = 'id') {
    return async (id: string) =>
      (await this.one(`select (deleted_at is not null)::text as v from public.${table} where ${key}::text = $1`, [
        id,
      ])) === 'true';
  }

  /** An event of the creator with the member and the event admin, like the matrix's own. */
  async event(name: string): Promise<string> {
    const id = await this.one(`insert into public.events (name, created_by) values ($1, $2) returning id as v`, [
      name,
      this.users.creator.id,
    ]);
    await this.sql(
      `insert into public.event_members (event_id, user_id, role) values ($1, $2, 'member'), ($1, $3, 'admin')`,
      [id, this.users.member.id, this.users.eventAdmin.id],
    );
    return id;
  }
}
