/**
 * README's upgrade from the previous release (0.1.0), step by step as written, on SQLite and on
 * PostgreSQL: the old release's `npm start` runs and takes data; SIGTERM to npm's process stops the
 * server (exit 0, the port free); the data is copied with the server stopped (DATA_DIR, and pg_dump on
 * PostgreSQL), which needs no command of either release; the new code starts on the same data, runs
 * the migrations the old release lacked, says its version, and serves the old data. The old release
 * is the commit CHANGELOG.md names for 0.1.0, taken out of this repository's history.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropPgDatabase, freshPgDatabase } from '../../helpers/data-dir-server.js';
import { baseEnv, listening, portHeld, ROOT, startMain, stopMain, tempDir, type MainProcess } from '../../helpers/main-process.js';
import { freePort } from '../../helpers/ports.js';
import { dbKinds, SUP } from '../../helpers/server.js';

/** Release 0.1.0 (CHANGELOG.md). */
const RELEASE_0_1_0 = 'd2c3a36';
const VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
const CUSTOMER = { username: 'before_upgrade', password: 'Customer-pass-1' };

/** The old release's files, its dependencies those installed here; null when this checkout has no such history. */
function oldRelease(): string | null {
  if (spawnSync('git', ['cat-file', '-e', `${RELEASE_0_1_0}^{commit}`], { cwd: ROOT }).status !== 0) return null;
  const dir = tempDir('release-0.1.0-');
  execFileSync('sh', ['-c', `git archive ${RELEASE_0_1_0} | tar -x -C "${dir}"`], { cwd: ROOT });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const old = oldRelease();

/** `npm start` in `root`, as an operator runs it there. */
async function npmStart(root: string, env: NodeJS.ProcessEnv): Promise<MainProcess> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let all = '';
  let err = '';
  child.stdout!.on('data', (c) => {
    all += c;
  });
  child.stderr!.on('data', (c) => {
    all += c;
    err += c;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  const proc: MainProcess = { child, port, url: `http://127.0.0.1:${port}`, output: () => all, stderr: () => err, exited };
  await listening(proc);
  return proc;
}

async function post(url: string, p: string, body: unknown, token?: string) {
  const res = await fetch(url + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}

describe.skipIf(!old).each(dbKinds)('upgrading from 0.1.0 on %s as README says', (kind) => {
  const procs: MainProcess[] = [];
  let databaseUrl = '';
  afterAll(async () => {
    await Promise.all(procs.map(stopMain));
    await dropPgDatabase(databaseUrl || undefined);
  });

  it(
    'stop (SIGTERM to npm start), copy the data, take the new code, start: migrated, the new version, the old data served',
    { timeout: 180_000 },
    async () => {
      if (kind === 'postgres') databaseUrl = await freshPgDatabase('ops_upgrade');
      const dataDir = tempDir();
      const env = baseEnv(dataDir, databaseUrl, { ADMIN_PASSWORD: SUP.password });

      const before = await npmStart(old!, env);
      procs.push(before);
      const sup = (await post(before.url, '/api/user/login', SUP)).data.token;
      expect((await post(before.url, '/api/user/add', CUSTOMER, sup)).code).toBe(200);

      // 1. Stop: SIGTERM to the process `npm start` made.
      before.child.kill('SIGTERM');
      expect(await before.exited).toEqual({ code: 0, signal: null });
      expect(await portHeld(before.port)).toBe(false);

      // 2. Copy the data, the server stopped.
      const copy = `${dataDir}.before-${VERSION}`;
      execFileSync('cp', ['-a', dataDir, copy]);
      // (device-secret.key too, once something was sealed with it.)
      if (kind === 'sqlite') expect(fs.readdirSync(copy)).toContain('app.db');
      if (kind === 'postgres') {
        const dump = path.join(os.tmpdir(), `upgrade-${process.pid}.pgdump`);
        const r = spawnSync('pg_dump', ['-Fc', '-f', dump, databaseUrl], { encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        expect(fs.statSync(dump).size).toBeGreaterThan(0);
        fs.rmSync(dump);
      }
      fs.rmSync(copy, { recursive: true, force: true });

      // 3-4. The new code (this checkout) on the same data.
      const after = await startMain(env, { npm: true });
      procs.push(after);
      expect(await (await fetch(`${after.url}/healthz`)).json()).toEqual({ status: 'ok', version: VERSION });
      expect((await fetch(`${after.url}/readyz`)).status).toBe(200);
      const login = await post(after.url, '/api/user/login', CUSTOMER);
      expect(login.code, login.message).toBe(200);
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          const names = (await client.query('select name from kysely_migration')).rows.map((r) => r.name);
          expect(names).toEqual(expect.arrayContaining(['019_audit_no_truncate', '021_telegram_outbox_priority']));
        } finally {
          await client.end();
        }
      }
    },
  );
});
