/**
 * The function's environment, the same way on the hosted Deno runtime (`Deno.env`) and under Node
 * (the local backend, tests): read at call time, so a changed variable applies to the next request.
 */
type DenoLike = { env: { get(key: string): string | undefined } };

export function env(key: string): string | undefined {
  const deno = (globalThis as { Deno?: DenoLike }).Deno;
  const value = deno?.env.get(key) ?? (typeof process === 'undefined' ? undefined : process.env[key]);
  return value === '' ? undefined : value;
}

export function requireEnv(key: string): string {
  const value = env(key);
  if (!value) throw new Error(`${key} is not set`);
  return value;
}
