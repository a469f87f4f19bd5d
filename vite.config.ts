import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * antd's form context (imported by every input, so by the entry) takes only FormProvider from
 * rc-field-form, but rc-field-form's index is not marked free of side effects: the whole library and
 * its validator (about 45 KB of script) came along. Pointed at the one file that holds FormProvider;
 * forms still load the rest with their own code.
 */
function formProviderAlone(): Plugin {
  return {
    name: 'form-provider-alone',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'rc-field-form' || !importer?.replace(/\\/g, '/').endsWith('antd/es/form/context.js')) return null;
      return this.resolve('rc-field-form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

// `npm run dev` serves the console with hot reload and forwards /api to the API server
// (`npm run dev:server`, port 8080 unless API_URL says otherwise).
export default defineConfig({
  plugins: [formProviderAlone(), react()],
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
