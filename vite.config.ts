import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` serves the console with hot reload and forwards /api to the API server
// (`npm run dev:server`, port 8080 unless API_URL says otherwise).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // Which files each screen's code needs: scripts/prerender.mjs writes the console's page from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first screen needs statically loads as one file: a phone on a slow network pays a
        // round trip per file beyond six at a time (it was 33 files). The rest stays split by screen.
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] },
      },
    },
  },
});
