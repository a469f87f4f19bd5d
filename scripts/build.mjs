// Builds the console into the given folder (default dist): `npm run build`.
// 1. A first build, unminified and thrown away, says which files the bundler would make and what each
//    holds and imports; scripts/chunk-plan.mjs decides from it which to put together.
// 2. The build that ships, with that plan (vite.config.ts reads it).
// 3. Each script marked for eager compiling (below), the pre-rendered pages and the console's pages
//    (scripts/prerender.mjs), then a .br and a .gz beside each file (scripts/precompress.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { planChunks } from './chunk-plan.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'console-build-'));
const graphFile = path.join(work, 'graph.json');
const planFile = path.join(work, 'plan.json');
const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const node = (args, env = {}) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });

/**
 * V8's explicit compile hint at the top of each script: compile every function as the script is
 * streamed in, on a background thread while the rest downloads, instead of each on the main thread
 * when first called. A console screen runs most of what it loads (its code is split by screen and
 * what the first paint needs); on a slowed phone most of the main thread's parsing and compiling
 * before the first paint moved off it (docs/performance.md). Engines without the hint read a comment.
 */
function markCompileHints(dir) {
  const assets = path.join(dir, 'assets');
  for (const name of fs.readdirSync(assets)) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(assets, name);
    fs.writeFileSync(file, `//# allFunctionsCalledOnLoad\n${fs.readFileSync(file, 'utf8')}`);
  }
}

try {
  node([vite, 'build', '--outDir', path.join(work, 'first'), '--emptyOutDir', '--minify', 'false', '--logLevel', 'warn'], {
    CHUNK_GRAPH: graphFile,
  });
  const plan = planChunks(JSON.parse(fs.readFileSync(graphFile, 'utf8')));
  fs.writeFileSync(planFile, JSON.stringify(plan));
  node([vite, 'build', '--outDir', DIST, '--emptyOutDir'], { CHUNK_PLAN: planFile });
  markCompileHints(DIST);
  node([path.join(ROOT, 'scripts', 'prerender.mjs'), DIST]);
  node([path.join(ROOT, 'scripts', 'precompress.mjs'), DIST]);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
