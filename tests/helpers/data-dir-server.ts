/**
 * The server on a DATA_DIR and DATABASE_URL of the test's choosing, in process, set up as
 * server/main.ts sets it up (settings from those two, migrations, the first sup): for tests whose
 * commands (a backup, a restore) run as real child processes on the same folder or database.
 * Fresh PostgreSQL databases come from `freshPgDatabase` and are dropped with `dropPgDatabase`.
 */
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { ensureFirstSup } from '../../server/accounts/first-sup.js';
import { readSettings } from '../../server/env.js';
import { connect } from '../../server/platform/db/connection.js';
import { migrate } from '../../server/schema/migrate.js';
import { Clock, SUP, type Answer, type TestServer } from './server.js';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The PostgreSQL server's maintenance database, where test databases are created and dropped. */
export function pgAdminUrl(): string | undefined {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const u = new URL(base);
  u.pathname = '/postgres';
  return u.toString();
}

export async function freshPgDatabase(prefix: string): Promise<string> {
  const admin = pgAdminUrl()!;
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropPgDatabase(url: string | undefined): Promise<void> {
  if (!url) return;
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The environment a command on this folder and database runs with (nothing inherited that would point elsewhere). */
export function envFor(dataDir: string, databaseUrl?: string, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DEVICE_SECRET_KEY: '', BACKUP_DIR: '', ...more };
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  lastLine: string;
}

/** `npm run <script> -- <args>` in the project, as an operator types it. */
export function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const lines = stdout.trim().split('\n');
      resolve({ code: code ?? -1, stdout, stderr, lastLine: lines[lines.length - 1] ?? '' });
    });
  });
}

/**
 * A listening app on `dataDir` (SQLite there, or the PostgreSQL database at `databaseUrl`), shaped as
 * a TestServer for the shared helpers (calls, login, the books).
 */
export async function serveDataDir(dataDir: string, databaseUrl?: string, env: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  const settings = { ...readSettings({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env }), authRatePerMinute: 100_000 };
  const database = await connect({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, readCacheMs: settings.readCacheMs });
  await migrate(database.db, database.dialect, settings);
  await ensureFirstSup(database.db, SUP.username, SUP.password, Date.now());
  const clock = new Clock();
  const app = await buildApp({ settings, database, now: clock.now, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  async function call<T>(method: 'GET' | 'POST', p: string, body?: unknown, token?: string): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    try {
      return { ...JSON.parse(text), status: res.status, headers: res.headers };
    } catch {
      throw new Error(`${method} ${p}: not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
    }
  }
  const server = {
    kind: database.dialect,
    url,
    app,
    database,
    settings,
    clock,
    post: (p: string, body?: unknown, token?: string) => call('POST', p, body, token),
    get: (p: string, token?: string) => call('GET', p, undefined, token),
    async login(username: string, password: string) {
      const r = await call<{ token: string }>('POST', '/api/user/login', { username, password });
      if (r.code !== 200) throw new Error(`login ${username}: ${r.code} ${r.message}`);
      return r.data.token;
    },
    async addCustomer(supToken: string, username: string, password = 'Customer-pass-1') {
      const r = await call<{ id: number }>('POST', '/api/user/add', { username, password }, supToken);
      if (r.code !== 200) throw new Error(`add ${username}: ${r.code} ${r.message}`);
      return { id: r.data.id, token: await server.login(username, password) };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return server as unknown as TestServer;
}

export interface Started {
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/**
 * `npm start` on this folder and database, as an operator runs it (a one-page console stand-in, no
 * SMTP, no scheduled backups), once it says it listens; `stop` sends SIGTERM and answers the exit code.
 */
export async function npmStart(dataDir: string, databaseUrl?: string): Promise<Started> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(p));
    });
  });
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-stand-in-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>\n');
  const env = envFor(dataDir, databaseUrl, {
    HOST: '127.0.0.1',
    PORT: String(port),
    STATIC_DIR: staticDir,
    SMTP_PORT: '0',
    BACKUP_INTERVAL_HOURS: '0',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: '',
    ADMIN_PASSWORD: '',
  });
  // The usual umask (022), whatever the runner's: files the server makes are private because it makes them so.
  const child = spawn('sh', ['-c', 'umask 022 && exec npm start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('已启动')) resolve();
    };
    child.stdout.on('data', check);
    void exited.then((code) => reject(new Error(`npm start ended (${code}) before listening: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(staticDir, { recursive: true, force: true });
      return code;
    },
  };
}
