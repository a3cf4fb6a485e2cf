import { defineConfig } from 'vitest/config';

/** Suites that start the local backend (tests/support/backend.ts) or read the migrations. */
const BACKEND_SUITES = ['tests/backend/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/sync-integration/**/*.test.ts'];

const exclude = ['e2e/**', 'node_modules/**'];
const shared = { exclude, testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'supabase/**/*.test.ts'],
          exclude: [...exclude, ...BACKEND_SUITES],
        },
      },
      {
        // One process per worker runs file after file (no fresh process per file): each file starts
        // its own backend and database anyway, and loading PGlite and the server's modules again for
        // every file was over a third of these suites' time (tests/db: 231 s isolated, 142 s not).
        test: { ...shared, name: 'backend', include: BACKEND_SUITES, isolate: false },
      },
    ],
  },
});
