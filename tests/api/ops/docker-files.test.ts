/**
 * The image and compose file, read as files (no Docker engine here to build them): no `# syntax=`
 * line (it makes BuildKit pull a frontend image for nothing), a build stage and a runtime stage, the
 * build tree of better-sqlite3 gone before the runtime copies node_modules (the Dockerfile's own
 * commands run on a copy of the installed module: the one .node file left, and it loads), the server
 * not root, the uid a bind-mounted /data must belong to said where the operator reads it, and
 * /metrics reachable for a scraper in compose through METRICS_TOKEN.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Stage {
  from: string;
  name?: string;
  lines: string[];
}

/** The Dockerfile's instructions (continuation lines joined, comments dropped), by stage. */
function stages(text: string): Stage[] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ from: from[1], name: from[2], lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docker-files-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const all = stages(text);
  const build = all.find((s) => s.name === 'build')!;
  const runtime = all.at(-1)!;

  it('has no # syntax= line', () => {
    expect(text).not.toMatch(/^#\s*syntax\s*=/im);
  });

  it('builds in one stage and runs in another, copying from the build stage, with no compiler in the runtime', () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(build).toBeDefined();
    expect(runtime).not.toBe(build);
    expect(runtime.lines.some((l) => /^COPY\s+--from=build\s/.test(l))).toBe(true);
    expect(runtime.lines.join('\n')).not.toMatch(/\b(g\+\+|make|python3|build-essential)\b/);
  });

  it('runs as a user of its own, not root, whose uid a bind-mounted /data must belong to (said in compose.yaml and docs/operations.md)', () => {
    const user = runtime.lines.filter((l) => /^USER\s/.test(l)).at(-1);
    expect(user).toBeDefined();
    const name = user!.split(/\s+/)[1];
    expect(name).not.toMatch(/^(root|0)$/);
    const uid = new RegExp(`useradd\\b[^&]*--uid\\s+(\\d+)[^&]*\\s${name}\\b`).exec(runtime.lines.join('\n'))?.[1];
    expect(uid, 'the runtime stage makes the user with a fixed uid').toBeDefined();
    expect(uid).not.toBe('0');
    for (const file of ['compose.yaml', 'docs/operations.md']) expect(read(file), file).toContain(`${uid}:${uid}`);
  });

  it('leaves no build tree of better-sqlite3 for the runtime: its own commands, run on a copy of the module, keep only the .node file, which loads', () => {
    const run = build.lines.find((l) => l.startsWith('RUN ') && l.includes('node_modules/better-sqlite3'));
    expect(run, 'a RUN of the build stage prunes better-sqlite3').toBeDefined();
    // Its commands from entering the module's folder on, as the image runs them (from /app).
    const steps = run!
      .slice(4)
      .split('&&')
      .map((s) => s.trim());
    const from = steps.findIndex((s) => s.startsWith('cd node_modules/better-sqlite3'));
    expect(from).toBeGreaterThanOrEqual(0);
    const app = path.join(tmp, 'app');
    fs.mkdirSync(path.join(app, 'node_modules'), { recursive: true });
    for (const dep of ['better-sqlite3', 'bindings', 'file-uri-to-path']) {
      fs.cpSync(path.join(ROOT, 'node_modules', dep), path.join(app, 'node_modules', dep), { recursive: true });
    }
    const module = path.join(app, 'node_modules', 'better-sqlite3');
    // A module compiled here has the tree the image's compile leaves; make sure the copy has one to prune.
    fs.mkdirSync(path.join(module, 'build', 'Release', 'obj.target'), { recursive: true });
    fs.mkdirSync(path.join(module, 'deps'), { recursive: true });
    execFileSync('sh', ['-ec', steps.slice(from).join(' && ')], { cwd: app });

    expect(fs.existsSync(path.join(module, 'deps'))).toBe(false);
    expect(fs.existsSync(path.join(module, 'src'))).toBe(false);
    const left = execFileSync('find', ['build'], { cwd: module, encoding: 'utf8' }).trim().split('\n').sort();
    expect(left).toEqual(['build', 'build/Release', 'build/Release/better_sqlite3.node']);
    const loads = spawnSync(
      process.execPath,
      ['-e', "const D = require('better-sqlite3'); console.log(new D(':memory:').prepare('select 41 + 1 as n').get().n)"],
      { cwd: app, encoding: 'utf8' },
    );
    expect(loads.stdout.trim(), loads.stderr).toBe('42');
  });
});

describe('compose.yaml', () => {
  const text = read('compose.yaml');
  const app = text.slice(text.indexOf('\n  app:'), text.indexOf('\n  db:'));

  it('hands METRICS_TOKEN to the app and says how a scraper uses it (a bearer token); the port is published', () => {
    expect(app).toMatch(/^\s+METRICS_TOKEN:\s*\$\{METRICS_TOKEN/m);
    expect(app).toMatch(/#.*Authorization: Bearer <METRICS_TOKEN>/);
    expect(app).toMatch(/#.*scrape/);
    expect(app).toMatch(/^\s+- "127\.0\.0\.1:8080:8080"/m);
  });

  it('docs/operations.md says the same: a scraper of the compose deployment sends METRICS_TOKEN', () => {
    const ops = read('docs/operations.md');
    expect(ops).toMatch(/compose[\s\S]{0,400}METRICS_TOKEN|METRICS_TOKEN[\s\S]{0,400}compose/);
  });
});
