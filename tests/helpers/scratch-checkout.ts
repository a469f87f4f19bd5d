/**
 * A copy of the checkout's server, declaration and test helpers in a temp folder (its node_modules the
 * real one), for tests of the generators that rewrite the declaration and the migrations: they run
 * there, as a developer runs them, and the repository is never touched.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** What the server, the generators and tests/helpers/server.ts load (the console's React code they import for types only). */
const COPIED = [
  'server',
  'names',
  'src/framework/declaration',
  'tests/helpers',
  'resources.config.ts',
  'package.json',
  'tsconfig.json',
  '.prettierrc.json',
  'CHANGELOG.md',
];

export function scratchCheckout(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-checkout-'));
  for (const item of COPIED) fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
  fs.mkdirSync(path.join(dir, 'src/resources'), { recursive: true });
  for (const f of fs.readdirSync(path.join(ROOT, 'src/resources'))) {
    if (f.endsWith('.ts')) fs.copyFileSync(path.join(ROOT, 'src/resources', f), path.join(dir, 'src/resources', f));
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** Runs `npm run <script> -- args` there (as its node command), to its end. */
export function runScript(dir: string, script: 'db:migration' | 'new:entity' | 'db:types', ...args: string[]) {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [, ...words] = scripts[script].split(' ');
  const run = spawnSync(process.execPath, [...words, ...args], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A module of the copy, loaded from there (its own server, its own declaration). */
export function importFrom<T>(dir: string, file: string): Promise<T> {
  return import(/* @vite-ignore */ pathToFileURL(path.join(dir, file)).href) as Promise<T>;
}

export function removeScratch(dir: string | undefined): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

/** Vitest's JSON report (what the checks below read of it). */
export interface VitestReport {
  numFailedTests: number;
  numPassedTests: number;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/**
 * Vitest's `project` on `files` in the copy, as a developer runs it there (the copy needs its own
 * vitest.config.ts and those files): its own run, not a part of the caller's, leaving no cache in the
 * shared node_modules. Its status, output and JSON report.
 */
export function vitestIn(
  dir: string,
  project: 'server' | 'component',
  files: string[],
): Promise<{ status: number | null; output: string; report?: VitestReport }> {
  const out = path.join(dir, `${project}-report.json`);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--maxWorkers=1', '--no-cache', '--reporter=json'];
  const child = spawn(process.execPath, [...args, `--outputFile=${out}`, ...files], { cwd: dir, env });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += String(d);
  });
  child.stderr.on('data', (d: Buffer) => {
    output += String(d);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({ status, output, report: fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as VitestReport) : undefined }),
    );
  });
}

/** Each test of the report that did not pass, with why (empty when all passed). */
export function failuresOf(dir: string, report: VitestReport): string[] {
  return report.testResults.flatMap((f) => [
    ...(f.message ? [`${path.relative(dir, f.name)}: ${f.message}`] : []),
    ...f.assertionResults
      .filter((a) => a.status !== 'passed')
      .map((a) => `${path.relative(dir, f.name)} > ${a.fullName}: ${(a.failureMessages ?? []).join('\n').slice(0, 1500)}`),
  ]);
}
