import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/pwa/manifest.ts';

/** Marks each build, so a deployed update is told apart (CREWCAMP_BUILD_ID, else the package version). */
const buildId = process.env.CREWCAMP_BUILD_ID || process.env.npm_package_version || 'dev';

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'crewcamp-build-id',
      transformIndexHtml: () => [
        { tag: 'meta', attrs: { name: 'crewcamp-build', content: buildId }, injectTo: 'head' },
      ],
    },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/pwa/register-sw.ts (workbox-window), after the page has loaded.
      injectRegister: false,
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
});
