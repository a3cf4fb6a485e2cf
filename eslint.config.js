import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which feature may import which (always through its index.ts). The list is acyclic, so no two
 * folders can import each other; a feature not named here imports no other feature.
 */
const featureDependencies = {
  // What is new on an event's pages since the member last looked (reads rows raw: no feature imports).
  activity: [],
  admin: ['auth'],
  chat: ['auth', 'events'],
  checklists: ['activity', 'auth', 'events'],
  // The printable crew sheet gathers an event's pages (issue 24).
  'crew-sheet': ['checklists', 'events', 'schedule', 'site-planner', 'transport'],
  // The home sums up each event's pages ("what needs me").
  dashboard: ['activity', 'auth', 'checklists', 'events', 'expenses', 'schedule', 'transport'],
  events: ['auth', 'friends'],
  expenses: ['events'],
  friends: ['auth'],
  notifications: ['auth', 'events'],
  // The organizer's view across events.
  organizer: ['checklists', 'events', 'expenses', 'schedule', 'transport'],
  profile: ['auth', 'events', 'notifications'],
  schedule: ['activity', 'events'],
  'site-planner': ['events'],
  subscription: ['auth'],
  'sync-status': ['auth', 'events'],
  // Rides' costs are split into an expense.
  transport: ['activity', 'events', 'expenses', 'schedule'],
};

/**
 * What other features and the app may import of a feature: its index.ts, its React-free
 * sync/index.ts (the sync registry), and pages, layouts and tabs (the router loads them by path,
 * for code splitting).
 */
const featureEntryPoints = ['index.ts', 'sync/index.ts', '**/*-page.tsx', '**/*-layout.tsx', '**/*-tab.tsx'];

/** The layers of src/ and what each may import (features, and the app's imports of features: see below). */
const layers = {
  app: ['app', 'data', 'sync', 'db', 'components', 'lib', 'access', 'pwa'],
  data: ['data', 'sync', 'db', 'lib'],
  sync: ['sync', 'db', 'lib'],
  db: ['db'],
  components: ['components', 'lib', 'access'],
  lib: ['lib'],
  access: ['access', 'lib'],
  pwa: ['pwa', 'lib', 'components'],
};

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', '.data', 'coverage', 'test-results', 'playwright-report'],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Reach the device database through src/db and src/sync (src/data for React).' },
            { name: 'dexie-react-hooks', message: 'Read live through src/data (useDeviceQuery, useRowsWhere).' },
            {
              name: '@supabase/supabase-js',
              message: 'Reach the backend through src/sync: the engine (mutate) or sync/backend.ts.',
            },
          ],
          patterns: [
            {
              group: ['**/sync/supabase-client.ts'],
              message: 'Screens reach the backend through src/sync/backend.ts (auth, functions, procedures, reads).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The layers that own the device database and the backend client, and the app, which starts
    // the sync session with the client.
    files: ['src/db/**', 'src/sync/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Reach the device database through src/db and src/sync.' },
            { name: '@supabase/supabase-js', message: 'Reach the backend through src/sync.' },
          ],
          patterns: [{ group: ['**/sync/supabase-client.ts'], message: 'Only src/sync and the app hold the client.' }],
        },
      ],
    },
  },
  {
    files: ['src/app/device-sync.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Reach the device database through src/db and src/sync.' },
            { name: '@supabase/supabase-js', message: 'Reach the backend through src/sync.' },
          ],
        },
      ],
    },
  },
  {
    // Architecture boundaries (eslint-plugin-boundaries): layers import only downward, features
    // import each other only through their public entry points and only along featureDependencies.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/features/*', capture: ['name'], partialMatch: false },
        ...Object.keys(layers).map((type) => ({ type, pattern: `src/${type}`, partialMatch: false })),
      ],
      'boundaries/files': [{ category: 'entry', pattern: 'src/main.tsx' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // Layers import downward.
            ...Object.entries(layers).map(([from, allow]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: allow } } } },
            })),
            // The entry file (main.tsx) starts the app.
            {
              from: { file: { categories: 'entry' } },
              allow: { to: { element: { types: { anyOf: ['app', 'lib', 'components', 'pwa', 'feature'] } } } },
            },
            // A feature imports the lower layers, and its own files.
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { types: { anyOf: ['data', 'sync', 'db', 'components', 'lib', 'access', 'pwa'] } } } },
                { to: { element: { type: 'feature', captured: { name: '{{ from.element.captured.name }}' } } } },
              ],
            },
            // Another feature only along featureDependencies, and only through its public entry points.
            ...Object.entries(featureDependencies).map(([name, deps]) => ({
              from: { element: { type: 'feature', captured: { name } } },
              allow: {
                to: {
                  element: { type: 'feature', captured: { name: deps }, fileInternalPath: featureEntryPoints },
                },
              },
            })),
            // The app (router, shell, sync registry) reaches features through their entry points too.
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { type: 'feature', fileInternalPath: featureEntryPoints } } },
            },
          ],
        },
      ],
    },
  },
);
