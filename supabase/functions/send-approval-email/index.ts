// Entry point on the hosted (Deno) runtime; the logic is in handler.ts, shared with the local backend.
import { handler } from './handler.ts';

declare const Deno: { serve(handler: (req: Request) => Promise<Response>): unknown };

Deno.serve(handler);
