/**
 * Where an e2e run serves things. Each Playwright worker has its own backend (port and data
 * folder) and its own `vite preview`, on ports counted up from two bases by the worker's slot
 * (Playwright's TEST_PARALLEL_INDEX: 0 … workers-1, kept when a worker is replaced). Outside a
 * worker (global setup, benchmarks, screenshot scripts) the slot is 0. The bases are set by
 * E2E_BACKEND_PORT and E2E_APP_PORT, so that runs of several people on one machine do not collide
 * and never touch the development backend on 54321 or a dev server on 5173.
 */
export const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 54391) + SLOT;
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4193) + SLOT;
export const BACKEND_URL = `http://127.0.0.1:${BACKEND_PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;

/** The Supabase CLI's well-known local keys (the backend runs with the default JWT secret). */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
