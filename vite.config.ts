import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
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
});
