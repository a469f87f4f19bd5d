/**
 * The first start on a new database, as operators do it: four processes started at the same moment
 * all come up, and exactly one sup exists (migrations and the first sup run under the startup lock).
 * The generated password is only in DATA_DIR/first-admin-password.txt, readable by its owner only,
 * until the sup's first login removes it: the output names the file, never the password. `npm run admin -- reset-password <username>` prints a new
 * password as its last line: it logs in, the old one no longer does, and the old sessions end.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPgDatabase, freshPgDatabase } from '../../helpers/data-dir-server.js';
import { baseEnv, ROOT, spawnMain, listening, stopMain, tempDir, type MainProcess } from '../../helpers/main-process.js';
import { chinese, dbKinds } from '../../helpers/server.js';

const PROCESSES = 4;

async function login(url: string, username: string, password: string) {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return (await res.json()) as { code: number; message: string; data: { token: string } | null };
}

async function whoAmI(url: string, token: string) {
  const res = await fetch(`${url}/api/user/base`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { code: number };
}

/** `npm run admin -- <args>` as an operator types it (npm's banner included). */
function admin(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'admin', '--', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1)!.trim();

describe.each(dbKinds)('the first start on a new %s database', (kind) => {
  const dataDir = tempDir();
  let databaseUrl = '';
  let env: NodeJS.ProcessEnv;
  let procs: MainProcess[] = [];
  let password = '';

  async function sups(): Promise<string[]> {
    if (kind === 'sqlite') {
      const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        return (db.prepare(`select username from users where type = 'sup'`).all() as { username: string }[]).map((r) => r.username);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(`select username from users where type = 'sup'`)).rows.map((r) => r.username);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    if (kind === 'postgres') databaseUrl = await freshPgDatabase('ops');
    env = baseEnv(dataDir, databaseUrl);
    // All at once: none waits for another to be up.
    procs = await Promise.all(Array.from({ length: PROCESSES }, () => spawnMain(env)));
  });
  afterAll(async () => {
    await Promise.all(procs.map(stopMain));
    await dropPgDatabase(databaseUrl || undefined);
  });

  it(`${PROCESSES} processes started at once all come up, and exactly one sup exists`, async () => {
    await Promise.all(procs.map(listening));
    expect(await sups()).toEqual(['admin']);
    const created = procs.filter((p) => p.output().includes('已创建管理员账号'));
    expect(created).toHaveLength(1);
  });

  it('the generated password is only in DATA_DIR/first-admin-password.txt (mode 0600), which the log names, until the first login', async () => {
    const file = path.join(dataDir, 'first-admin-password.txt');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    password = lastLine(fs.readFileSync(file, 'utf8'));
    expect(password).toMatch(/^\S{12,}$/);
    // The output (journald's, `docker logs`) says where to read it, never the password itself.
    const output = procs.map((p) => p.output()).join('\n');
    expect(output).toContain(`初始密码在 ${path.resolve(file)}`);
    expect(output.includes(password)).toBe(false);
    // A failed login leaves it.
    expect((await login(procs[1].url, 'admin', 'not-the-password')).code).not.toBe(200);
    expect(fs.existsSync(file)).toBe(true);
    // The first login, through another process than the one that created the sup, removes it.
    const first = await login(procs[procs.length - 1].url, 'admin', password);
    expect(first.code, first.message).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('reset-password prints a new password as its last line: it logs in, the old one does not, old sessions end', async () => {
    const before = await login(procs[0].url, 'admin', password);
    expect(before.code, before.message).toBe(200);
    const oldToken = before.data!.token;

    const reset = await admin(['reset-password', 'admin'], env);
    expect(reset.code, reset.stderr).toBe(0);
    const fresh = lastLine(reset.stdout);
    expect(fresh).toMatch(/^\S{12,}$/);
    expect(fresh).not.toBe(password);

    expect((await login(procs[1].url, 'admin', password)).code).not.toBe(200);
    const after = await login(procs[1].url, 'admin', fresh);
    expect(after.code, after.message).toBe(200);
    expect((await whoAmI(procs[1].url, after.data!.token)).code).toBe(200);
    expect((await whoAmI(procs[0].url, oldToken)).code).not.toBe(200);
  });

  it('reset-password of an unknown user: a Chinese error, exit 1, no password', async () => {
    const r = await admin(['reset-password', 'nobody_here'], env);
    expect(r.code).toBe(1);
    expect(chinese(r.stderr)).toBe(true);
    expect(r.stderr).toContain('nobody_here');
    expect(r.stderr).toContain('不存在');
    expect(r.stdout).not.toContain('新密码');
  });
});
