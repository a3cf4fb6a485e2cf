import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lazyGlobalStylesPlugin } from './scripts/chakra-global-styles.ts';
import { prerenderPlugin } from './scripts/prerender-plugin.ts';
import { LOCAL_SUPABASE_URL, securityHeadersPlugin } from './scripts/security-headers.ts';
import { webAppManifest } from './src/pwa/manifest.ts';

/** Marks each build, so a deployed update is told apart (CREWCAMP_BUILD_ID, else the package version). */
const buildId = process.env.CREWCAMP_BUILD_ID || process.env.npm_package_version || 'dev';

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    // The Content-Security-Policy (meta tag, `_headers`, `serve.json`, `vite preview`) for the
    // project this build talks to, read as src/lib/env.ts reads it.
    securityHeadersPlugin(
      process.env.VITE_SUPABASE_URL || loadEnv(mode, process.cwd(), 'VITE_').VITE_SUPABASE_URL || LOCAL_SUPABASE_URL,
    ),
    {
      name: 'crewcamp-build-id',
      transformIndexHtml: () => [
        { tag: 'meta', attrs: { name: 'crewcamp-build', content: buildId }, injectTo: 'head' },
      ],
    },
    // Chakra's global styles built once by the build, not at every start (issue 23).
    lazyGlobalStylesPlugin(),
    // The public pages as HTML drawn at build time, before the service worker's precache is listed.
    prerenderPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/pwa/register-sw.ts (workbox-window), after the page has loaded.
      injectRegister: false,
      // After the prerender has written its pages (scripts/prerender-plugin.ts).
      integration: { closeBundleOrder: 'post' },
      // `vite dev` has no service worker: development stays simple; `vite build`/`preview` have it.
      devOptions: { enabled: false },
      manifest: webAppManifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
    }),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // The sync worker (src/app/sync-worker.ts) is a module worker: it shares chunks with the page.
  worker: { format: 'es' },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs statically goes in one chunk (every page loads it anyway),
          // rather than a dozen small shared chunks each costing a request before the first render.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
}));
