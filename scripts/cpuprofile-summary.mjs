/**
 * Summarises a V8 .cpuprofile (BENCH_PROF=<dir> npm run bench -- ...): self time by function and by
 * file, the largest first. `node scripts/cpuprofile-summary.mjs <file.cpuprofile> [rows] [--from=s] [--last=s]`;
 * --from skips the first seconds (a bench server's seeding), --last keeps only the last seconds (the load),
 * --within=a,b adds the time spent inside functions whose name or file contains a or b (callees included).
 */
import fs from 'node:fs';

const [file, rowsArg = '40'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const from = Number(process.argv.find((a) => a.startsWith('--from='))?.slice(7) ?? 0) * 1e6;
const last = Number(process.argv.find((a) => a.startsWith('--last='))?.slice(7) ?? 0) * 1e6;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const span = profile.timeDeltas.reduce((a, b) => a + b, 0);
const start = Math.max(from, last ? span - last : 0);
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
let t = 0;
let total = 0;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i];
  if (t < start) return;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});
const byFunction = new Map();
const byFile = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = nodes.get(id);
  const where = f.url
    ? f.url
        .replace(/^file:\/\//, '')
        .replace(/.*node_modules\//, 'nm/')
        .replace(/.*\/(server|bench)\//, '$1/')
    : '(native)';
  const fn = `${f.functionName || '(anonymous)'}  ${where}:${f.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const key = where.startsWith('nm/')
    ? where
        .split('/')
        .slice(0, where.startsWith('nm/@') ? 3 : 2)
        .join('/')
    : where;
  byFile.set(key, (byFile.get(key) ?? 0) + us);
}
const within =
  process.argv
    .find((a) => a.startsWith('--within='))
    ?.slice(9)
    .split(',') ?? [];
if (within.length) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inside = new Map(within.map((w) => [w, 0]));
  for (const [id, us] of self) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const f = nodes.get(n).callFrame;
      for (const w of within)
        if (!seen.has(w) && (f.functionName.includes(w) || f.url.includes(w))) {
          seen.add(w);
          inside.set(w, inside.get(w) + us);
        }
    }
  }
  console.log(`\ninside (callees included)`);
  for (const [w, us] of inside)
    console.log(`${(us / 1e3).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${w}`);
}
const show = (title, map) => {
  console.log(`\n${title} (total ${(total / 1e6).toFixed(2)} s)`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsArg))) {
    console.log(`${(us / 1e3).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
};
show('self time by function', byFunction);
show('self time by file or package', byFile);
