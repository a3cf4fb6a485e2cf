/**
 * Type test of `mutate` (compiled by `tsc -b`, so `npm run typecheck` and the build fail when it
 * breaks): a wrong kind name or argument shape is a compile error, and the answer carries the
 * kind's prepared arguments. Each `@ts-expect-error` must stay an error: if the types loosened
 * (a kind name typed `string`, arguments typed `unknown`), the unused directive fails the build.
 * It is never run; vitest's `expectTypeOf` only states types.
 */
import { expectTypeOf } from 'vitest';
import type { KindName, PreparedArgs, RawArgs } from '../sync/kind-registry.ts';
import type { Queued } from '../sync/mutate.ts';
import { mutate } from './mutate.ts';

export async function typeTestOfMutate(): Promise<void> {
  // Every kind of every feature is known by name, and only those.
  expectTypeOf<'expense.create'>().toExtend<KindName>();
  expectTypeOf<'checklist-template.use'>().toExtend<KindName>();
  expectTypeOf<'expense.craete'>().not.toExtend<KindName>();

  // @ts-expect-error: no kind has this name.
  await mutate('expense.craete', { id: 'x' });

  // @ts-expect-error: the title must be text.
  await mutate('checklist.create', { eventId: 'e', title: 42 });

  // @ts-expect-error: the event is missing.
  await mutate('chat.send', { body: 'Hi' });

  // @ts-expect-error: an edit names its changes under `changes`.
  await mutate('schedule.update', { id: 's', title: 'Dinner' });

  // @ts-expect-error: a role is one of the member roles.
  await mutate('member.set-role', { eventId: 'e', userId: 'u', role: 'owner' });

  // The raw arguments are the schema's input: defaults (a list's kind) may be left out.
  expectTypeOf<RawArgs<'checklist.create'>>().toExtend<{ eventId: string; title: string }>();

  // The answer carries what `prepare` filled in: the new row's id and time are there, not optional.
  const queued = await mutate('expense.create', {
    eventId: 'e',
    title: 'Fuel',
    amount_minor: 4200,
    spent_on: '2027-07-01',
    paid_by: 'u',
    category: 'transport',
    shares: [],
  });
  expectTypeOf(queued).toEqualTypeOf<Queued<PreparedArgs<'expense.create'>>>();
  expectTypeOf(queued.args.id).toEqualTypeOf<string>();
  expectTypeOf(queued.args.at).toEqualTypeOf<string>();
  expectTypeOf(queued.args.eventId).toEqualTypeOf<string>();

  const list = await mutate('checklist.create', { eventId: 'e', title: 'Packing' });
  expectTypeOf(list.args.position).toEqualTypeOf<string>();
  expectTypeOf(list.args.kind).toEqualTypeOf<'packing' | 'shopping' | 'todo'>();
}
