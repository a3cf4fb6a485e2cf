/**
 * Where the e2e run serves things: its own backend (port and data folder) and its own `vite
 * preview`, so it never touches the development backend on 54321 or a dev server on 5173.
 */
export const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 54391);
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4193);
export const BACKEND_URL = `http://127.0.0.1:${BACKEND_PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;

/** The Supabase CLI's well-known local keys (the backend runs with the default JWT secret). */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
