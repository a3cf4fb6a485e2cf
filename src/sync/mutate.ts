/**
 * `mutate(kind, args)`: checks the arguments, then in one strict-durability transaction applies the
 * optimistic change and appends the outbox entry, so the UI (through live queries) shows the change
 * at once and the change is on disk before the call returns. Dependencies are the live entries
 * that create something this change refers to (an event made offline and then invited to): if
 * one of them is refused, this one is too.
 */
import { z } from 'zod';
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { OutboxEntry } from '../db/outbox-schema.ts';
import type { KindRegistry } from './kind-registry.ts';
import { LocalWriter } from './local-writer.ts';
import { MutationValidationError } from './send-errors.ts';
import { resolveTempIds } from './temp-ids.ts';
import { liveCreators, writeTx } from './transactions.ts';

export interface MutateEnv {
  db: CrewCampDb;
  registry: KindRegistry;
  userId: string;
  clientId: string;
  now?: () => number;
}

export interface Queued<A = unknown> {
  mutationId: string;
  seq: number;
  args: A;
}

export function checkArgs<A>(registry: KindRegistry, kindName: string, rawArgs: unknown): A {
  const kind = registry.get(kindName);
  const parsed = kind.args.safeParse(rawArgs);
  if (!parsed.success) throw new MutationValidationError(z.prettifyError(parsed.error));
  kind.validate?.(parsed.data);
  return parsed.data as A;
}

/** Appends one entry (inside a running transaction); shared by mutate and retry. */
export async function appendEntry(
  env: MutateEnv,
  kindName: string,
  args: unknown,
  mutationId: string,
): Promise<Queued> {
  const { db, registry, userId, clientId } = env;
  const kind = registry.get(kindName);
  const now = env.now?.() ?? Date.now();
  const current = await resolveTempIds(db, args);
  const prepared = kind.prepare ? await kind.prepare(current, { db, userId, clientId, mutationId, now }) : current;
  const touched = new Set<string>();
  await kind.applyLocal(new LocalWriter(db, userId, touched), prepared);
  const refs = kind.refs(prepared);
  const creates = kind.creates?.(prepared) ?? [];
  const creators = await liveCreators(db, refs);
  const dependsOn = creators.map((entry) => entry.mutationId);
  const entry: Omit<OutboxEntry, 'seq'> = {
    mutationId,
    kind: kindName,
    args: prepared,
    dependsOn,
    userId,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
    error: null,
    touched: [...touched],
    refs,
    creates,
    ackedAt: null,
  };
  const seq = await db.outbox.add(entry as OutboxEntry);
  return { mutationId, seq, args: prepared };
}

/** One change: its kind and its arguments as the caller gave them. */
export type Change = readonly [kind: string, args: unknown];

/**
 * Several changes in one transaction, queued in order (a list and its items): all are checked
 * first, then applied and queued together, so either all show and are queued or, when one breaks a
 * rule, none. One transaction instead of one per change: one disk write, one round of live queries.
 */
export async function mutateAll(env: MutateEnv, changes: readonly Change[]): Promise<Queued[]> {
  const checked = changes.map(([kind, raw]) => [kind, checkArgs(env.registry, kind, raw)] as const);
  return writeTx(env.db, async () => {
    const queued: Queued[] = [];
    for (const [kind, args] of checked) queued.push(await appendEntry(env, kind, args, crypto.randomUUID()));
    return queued;
  });
}

export async function mutate<A = unknown>(env: MutateEnv, kindName: string, rawArgs: unknown): Promise<Queued<A>> {
  return (await mutateAll(env, [[kindName, rawArgs]]))[0] as Queued<A>;
}

/** This device's id for the user (part of the idempotency keys `prepare` makes), made once. */
export async function loadClientId(db: CrewCampDb): Promise<string> {
  const stored = (await db.meta.get('clientId'))?.value;
  if (typeof stored === 'string') return stored;
  const id = crypto.randomUUID();
  await db.meta.put({ key: 'clientId', value: id });
  return id;
}
