/**
 * The function's environment (`Deno.env`: the platform's variables and the project's secrets),
 * read at call time. An empty value counts as unset, as `supabase secrets set KEY=` leaves it.
 */
export function env(key: string): string | undefined {
  const value = Deno.env.get(key);
  return value === '' ? undefined : value;
}

export function requireEnv(key: string): string {
  const value = env(key);
  if (!value) throw new Error(`${key} is not set`);
  return value;
}
