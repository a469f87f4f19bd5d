import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

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

/**
 * The first of scripts/build.mjs's two builds writes its chunks (file, facade, modules, imports) to
 * CHUNK_GRAPH; the second reads the plan made from them (scripts/chunk-plan.mjs) from CHUNK_PLAN.
 */
function chunkGraph(): Plugin {
  return {
    name: 'chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const out = process.env.CHUNK_GRAPH;
      if (!out) return;
      const local = (id: string) => path.relative(ROOT, id).split(path.sep).join('/');
      const graph = Object.fromEntries(
        Object.values(bundle).flatMap((chunk) =>
          chunk.type !== 'chunk'
            ? []
            : [
                [
                  chunk.fileName,
                  {
                    facade: chunk.facadeModuleId && local(chunk.facadeModuleId),
                    modules: chunk.moduleIds.map(local),
                    imports: chunk.imports,
                    isEntry: chunk.isEntry,
                  },
                ],
              ],
        ),
      );
      fs.writeFileSync(out, JSON.stringify(graph));
    },
  };
}

/** The plan's groups as the bundler takes them (a test function is not called here: a pattern per group). */
function plannedGroups(): Array<{ name: string; test: RegExp; priority: number }> {
  // In the plan's order: a group takes its modules' imports along unless an earlier one has them.
  if (!process.env.CHUNK_PLAN) return [];
  const plan: Record<string, string[]> = JSON.parse(fs.readFileSync(process.env.CHUNK_PLAN, 'utf8'));
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return Object.entries(plan).map(([name, modules], index) => ({
    name,
    priority: 50 - index,
    test: new RegExp(`^(${modules.map((source) => escape(path.join(ROOT, source))).join('|')})$`),
  }));
}

// `npm run dev` serves the console with hot reload and forwards /api to the API server
// (`npm run dev:server`, port 8080 unless API_URL says otherwise).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [formProviderAlone(), react(), chunkGraph()],
  // A Map-based stand-in for what qs (under Refine) takes from side-channel: the package carries
  // get-intrinsic and object-inspect for old engines.
  resolve: {
    alias: { 'side-channel': path.join(ROOT, 'scripts/shims/side-channel.cjs') },
  },
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
      // Refine's CSV import (unused) brings these in whole: their files do nothing on load, so with the
      // import they go too.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/](papaparse|pluralize|error-stack-parser|stackframe)[\\/]/, sideEffects: false }],
      },
      output: {
        // What the first screen needs statically loads as one file: a phone on a slow network pays a
        // round trip per file beyond six at a time (it was 33 files). The rest stays split by screen.
        // Beyond it, the files scripts/chunk-plan.mjs puts together (a console screen's forty became a few).
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'], priority: 100 }, ...(isSsrBuild ? [] : plannedGroups())] },
      },
    },
  },
}));
