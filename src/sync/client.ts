/**
 * The backend client the engine and the kinds use: supabase-js typed by the database types that
 * `npm run db:types` generates from the migrations, so a renamed column or procedure argument is a
 * compile error in the kinds and pull sources that use it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db/database.types.ts';

export type AppClient = SupabaseClient<Database>;

/** The name of a table of the `public` schema. */
export type TableName = keyof Database['public']['Tables'];

export type FunctionName = keyof Database['public']['Functions'];
/** What a procedure answers, as the generated types say. */
export type ProcedureResult<F extends FunctionName> = Database['public']['Functions'][F]['Returns'];
type ArgsOf<F extends FunctionName> = Database['public']['Functions'][F]['Args'];
/**
 * A procedure's arguments (an empty object for one without any). Any argument may be null (a
 * function that is not `strict` reads it as SQL null), which the generated types do not say.
 */
export type FunctionArgs<F extends FunctionName> = [ArgsOf<F>] extends [never]
  ? Record<string, never>
  : { [K in keyof ArgsOf<F>]: ArgsOf<F>[K] | null };

/**
 * The same client without the schema's types, for the engine's generic code, where the table is
 * a variable; the helpers that use it are typed by their own signatures (TablesInsert<T>, …).
 */
export function untyped(client: AppClient): SupabaseClient {
  return client as unknown as SupabaseClient;
}
