/**
 * CORS and JSON answers shared by every function. Errors are `{error}` with a 4xx status for
 * anything the caller did, as the client reads the error field (spec section 7).
 */
import type { z } from 'zod';

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, stripe-signature',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

export const fail = (status: number, error: string) => json(status, { error });

/** The answer to a CORS preflight or a wrong method, or null to go on. */
export function preflight(req: Request, method: 'GET' | 'POST'): Response | null {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== method) return fail(405, `Method not allowed: use ${method}`);
  return null;
}

/** The JSON body checked against a schema, or a 400 naming the first problem. */
export async function readBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T> | Response> {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return fail(400, 'The request body must be JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? 'Invalid request body');
  return parsed.data;
}
