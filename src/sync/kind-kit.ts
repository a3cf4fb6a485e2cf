/**
 * What a feature writes its mutation kinds with (one import): `defineKind`, the idempotent backend
 * writes and calls, and the pieces most kinds share, so that a kind says only what is its own:
 * the id and time a creation gets at mutate time, storing the row the server answered, the sync
 * panel's words (a quoted name, the event a change belongs to), and whole kinds for the two
 * changes every synced table has: an edit of some fields of one row (only the changed fields are
 * sent, so two members changing different fields both keep their change) and a soft delete (a
 * tombstone; deleting twice changes nothing more).
 */
import { z } from 'zod';
import type { TablesInsert, TablesUpdate } from '../db/database.types.ts';
import type { MirrorTable, RowOf } from '../db/mirror.ts';
import type { TableName } from './client.ts';
import { defineKind, type DescribeContext, type PrepareContext } from './kind-registry.ts';
import type { DeltaSource } from './pull-source.ts';
import { insertOnce, softDelete, softDeleted, updateOne } from './rest-writes.ts';
import { editBase, markEdits, type EditGroups, type FieldEdits } from './edit-groups.ts';
import { serverState, type LocalWriter } from './local-writer.ts';
import { MutationValidationError } from './send-errors.ts';

export { defineKind, type DescribeContext, type PrepareContext } from './kind-registry.ts';
export { callFunction, callProcedure, expectData, readProcedure } from './backend-calls.ts';
export { insertOnce, softDelete, updateOne, uploadOnce, upsertRow } from './rest-writes.ts';
export { failure, MutationValidationError, SendFailure } from './send-errors.ts';
export { serverView, type LocalWriter } from './local-writer.ts';
export { firstMarks, type EditGroups } from './edit-groups.ts';
export { keyAtEnd, sortByPosition } from './ordering.ts';
export { wallClock } from './server-values.ts';
export { newTempId } from './temp-ids.ts';
export type { AppClient } from './client.ts';

/** The entity references of one type (`event:{id}`) that kinds order and depend on. */
export const refTo =
  (type: string) =>
  (id: string): string =>
    `${type}:${id}`;

/** The time of the change, fixed at mutate time. */
export function withTime<A extends object>(args: A, ctx: PrepareContext): A & { at: string } {
  return { ...args, at: new Date(ctx.now).toISOString() };
}

/** The largest photo a change may carry (an avatar, a receipt): the outbox keeps its bytes while offline. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The arguments of a photo upload: its bytes and type, and the storage path fixed at mutate time. */
export const photoArgs = {
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'Input not instance of Uint8Array'),
  contentType: z.string(),
  extension: z
    .string()
    .regex(/^[a-z0-9]{1,8}$/i)
    .optional(),
  path: z.string().optional(),
};

/** The spec's checks of a photo, before it is queued. */
export function checkPhoto(args: { bytes: Uint8Array; contentType: string }): void {
  if (args.bytes.byteLength > PHOTO_MAX_BYTES) throw new MutationValidationError('File size must be less than 5MB');
  if (!args.contentType.startsWith('image/')) throw new MutationValidationError('File must be an image');
}

/** A photo's file extension: the one given, else its type's (`image/svg+xml` is `svg`). */
export function photoExtension(args: { contentType: string; extension?: string }): string {
  return (args.extension ?? args.contentType.split('/')[1]?.split('+')[0] ?? 'img').toLowerCase();
}

/** A new row's id (made on the device, so a replayed insert is the same row) and the time. */
export function withNewId<A extends { id?: string }>(args: A, ctx: PrepareContext): A & { id: string; at: string } {
  return { ...withTime(args, ctx), id: args.id ?? crypto.randomUUID() };
}

/** When a row made on the device was made: kept from the row if it is there already (a rebase). */
export function madeAt(existing: { created_at: string; updated_at: string } | undefined, at: string) {
  return { created_at: existing?.created_at ?? at, updated_at: existing?.updated_at ?? at };
}

/** Who made a row made on the device, and when (kept from the row if it is there already). */
export function madeBy(
  existing: { created_by: string | null; created_at: string; updated_at: string } | undefined,
  userId: string,
  at: string,
) {
  return { created_by: existing?.created_by ?? userId, ...madeAt(existing, at) };
}

/**
 * The fields of a request this user sends to an address (an invitation, a friend request), as
 * the device shows it until the server's row arrives: pending, the recipient known only by email.
 */
export function requestTo(
  me: { name: string | null } | undefined,
  userId: string,
  email: string,
  message: string | null | undefined,
  at: string,
) {
  return {
    sender_id: userId,
    sender_name: me?.name ?? null,
    recipient_id: null,
    recipient_name: null,
    recipient_email: email,
    recipient_avatar: null,
    message: message?.trim() || null,
    status: 'pending' as const,
    response_message: null,
    responded_at: null,
    created_at: at,
  };
}

/** The `reconcile` of a creation: stores the row the server answered, through the source's mapper. */
export function storeAnswer<T extends MirrorTable, S>(source: DeltaSource<T, S>) {
  // Generic in the arguments, so that it does not take part in inferring the kind's argument types.
  return async <A>(w: LocalWriter, _args: A, answer: S): Promise<void> => {
    const { key, row } = source.toRow(answer, w.userId);
    await w.storeServer(source.table, key, row);
  };
}

const nonEmpty = (changes: object) => Object.keys(changes).length > 0;

/** The table a kind writes: the device's mirror and the server's table (a pull source names both). */
interface RowTable<T extends MirrorTable, R extends TableName> {
  table: T;
  remote: R;
}

/** What a creation's arguments carry once queued: the new row's id and the time it was made. */
type Created<A> = A & { id: string; at: string };

/**
 * A new row made on the device: it gets its id at mutate time (so a replayed insert is the same
 * row), shows at once (`row`: the device row, given the row already there when a rebase applies
 * it again), is inserted once (`insert`: the server columns) and then stored as the server
 * answered it. `prepare` fills in what else is decided at mutate time (a position at the end).
 */
export function createRowKind<
  const N extends string,
  S extends z.ZodType<{ id?: string; at?: string }>,
  T extends MirrorTable,
  R extends TableName,
  SR,
  X extends object = object,
>(
  name: N,
  source: DeltaSource<T, SR, R>,
  ref: (id: string) => string,
  kind: {
    args: S;
    validate?: (args: z.output<S>) => void;
    prepare?: (args: z.output<S>, ctx: PrepareContext) => Promise<X> | X;
    /** The references the change needs (the event it is made in, the list it is added to). */
    needs: (args: Created<z.output<S>> & X) => string[];
    row: (args: Created<z.output<S>> & X, existing: RowOf[T] | undefined, userId: string) => RowOf[T];
    insert: (args: Created<z.output<S>> & X) => Partial<TablesInsert<R>>;
    describe: (args: Created<z.output<S>> & X, ctx: DescribeContext) => string;
  },
) {
  return defineKind({
    name,
    args: kind.args,
    validate: kind.validate,
    // A spread of a generic type the compiler cannot add up: it is the id and time, and `X`.
    prepare: async (args, ctx) =>
      ({ ...withNewId(args, ctx), ...(await kind.prepare?.(args, ctx)) }) as Created<z.output<S>> & X,
    refs: kind.needs,
    creates: (args) => [ref(args.id)],
    async applyLocal(w, args) {
      await w.put(source.table, kind.row(args, await w.get(source.table, args.id), w.userId));
    },
    send: ({ client }, args) => insertOnce(client, source, kind.insert(args)),
    batch: (args) => ({ op: 'insert', source, values: kind.insert(args) }),
    reconcile: storeAnswer(source),
    describe: kind.describe,
  });
}

/**
 * `{id, changes}`: changes some fields of one row, on the device and on the server. `local` turns
 * the changes into the device row's form where it differs (wall-clock times). The row's `groups`
 * are its field groups under the one conflict rule (edit-groups.ts): the edit is sent with when it
 * was made and what it was based on (the groups' last edits as the server last had them, read at
 * mutate time), and marks the groups it changed on the device as the server will.
 */
export function editRowKind<
  const N extends string,
  T extends MirrorTable,
  R extends TableName,
  C extends TablesUpdate<R> & Partial<RowOf[T]>,
  I,
>(
  name: N,
  rows: RowTable<T, R>,
  ref: (id: string) => string,
  kind: {
    changes: z.ZodType<C, I>;
    groups: EditGroups;
    /** The refusal's text when the row is gone or the user may not change it. */
    missing: string;
    validate?: (changes: C) => void;
    local?: (changes: C) => Partial<RowOf[T]>;
    describe: (args: { id: string; changes: C }, ctx: DescribeContext) => string;
  },
) {
  const args = z.object({
    id: z.string(),
    changes: kind.changes.refine(nonEmpty, 'Nothing to change'),
    at: z.string().optional(),
    base: z.record(z.string(), z.string()).optional(),
  });
  return defineKind<N, typeof args, EditArgs<C>>({
    name,
    args,
    validate: kind.validate && ((args) => kind.validate?.(args.changes)),
    prepare: async (args, ctx) => {
      const seen = (await serverState(ctx.db, rows.table, args.id)) as { field_edits?: FieldEdits } | null;
      return {
        ...withTime(args, ctx),
        changes: args.changes,
        base: args.base ?? editBase(kind.groups, seen, args.changes),
      };
    },
    refs: (args) => [ref(args.id)],
    async applyLocal(w, args) {
      const row = (await w.get(rows.table, args.id)) as { field_edits?: FieldEdits } | undefined;
      const changes = kind.local ? kind.local(args.changes) : args.changes;
      // Entries queued before the rule carry no time: they mark nothing.
      const marks = args.at ? { field_edits: markEdits(kind.groups, row, args.changes, args.at, w.userId) } : {};
      await w.update(rows.table, args.id, { ...changes, ...marks } as Partial<RowOf[T]>);
    },
    send: ({ client }, args) =>
      updateOne(client, rows.remote, args.id, sentEdit(args) as TablesUpdate<R>, kind.missing),
    batch: (args) => ({ op: 'update', table: rows.remote, id: args.id, values: sentEdit(args), missing: kind.missing }),
    describe: kind.describe,
  });
}

/** An edit as queued: its changes, when it was made and what it was based on. */
type EditArgs<C> = { id: string; changes: C; at: string; base: Record<string, string> };

/** An edit as sent: its changes with when it was made and what it was based on (the conflict rule). */
function sentEdit<C extends object>(args: EditArgs<C>) {
  return { ...args.changes, edited_at: args.at ?? null, edit_base: args.base ?? {} };
}

type SoftDeleted = Parameters<typeof softDelete>[1];

/**
 * `{id}`: soft-deletes one row; on the device the row goes at once, with the rows that live in it
 * (`alsoRemove`: a list's items, a ride's passengers).
 */
export function deleteRowKind<const N extends string, T extends MirrorTable, R extends SoftDeleted>(
  name: N,
  rows: RowTable<T, R>,
  ref: (id: string) => string,
  kind: { missing: string; describe: string; alsoRemove?: (w: LocalWriter, id: string) => Promise<void> },
) {
  return defineKind({
    name,
    args: z.object({ id: z.string() }),
    refs: (args) => [ref(args.id)],
    async applyLocal(w, args) {
      await w.delete(rows.table, args.id);
      await kind.alsoRemove?.(w, args.id);
    },
    send: ({ client }, args) => softDelete(client, rows.remote, args.id, kind.missing),
    batch: (args) => ({ op: 'update', table: rows.remote, id: args.id, values: softDeleted(), missing: kind.missing }),
    describe: () => kind.describe,
  });
}

// The sync panel's words -------------------------------------------------------------------------

export const quoted = (name: string): string => `"${name}"`;

/** A trimmed, non-empty text, or null. */
export function given(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

/** ` {word} "{event}"` (`to`, `of`, `in`) when the device knows the event's name, else nothing. */
export function inEvent(ctx: DescribeContext, word: 'to' | 'of' | 'in', eventId: string | null | undefined): string {
  const name = eventId ? ctx.eventName(eventId) : undefined;
  return name ? ` ${word} ${quoted(name)}` : '';
}
