// The function's entry, served by Deno: the hosted Edge Runtime, or a Deno process of the local
// backend (supabase/local/functions). The logic is in handler.ts.
import { handler } from './handler.ts';

Deno.serve(handler);
