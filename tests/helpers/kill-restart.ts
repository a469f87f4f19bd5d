/**
 * The real server process (server/main.ts and its jobs) that a test kills (-9) and starts again on
 * the same data folder, port and database: SQLite, or a PostgreSQL database of its own on the test
 * server (a child process cannot be handed a schema), dropped by `close`. The first sup is SUP.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { SUP, type DbKind } from './server.js';
import { baseEnv, startMain, stopMain, tempDir, type MainProcess } from './main-process.js';
import { freePort } from './ports.js';

export interface KillableServer {
  url: string;
  /** Starts the process (again), once it listens. */
  start(): Promise<void>;
  /** kill -9 of the process (and its group), waited for. */
  kill(): Promise<void>;
  /** An API call that must answer code 200 (a GET without a body): its data. */
  call(path: string, body: unknown, token?: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary answers
  /** A session of the first sup. */
  supToken(): Promise<string>;
  /** Stops the process and drops its PostgreSQL database (the test file's afterAll). */
  close(): Promise<void>;
}

/** A database of its own on the test server, dropped afterwards. */
async function freshDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A server on `kind`, not started yet; `prefix` names its PostgreSQL database. */
export async function killableServer(kind: DbKind, prefix: string): Promise<KillableServer> {
  const database = kind === 'postgres' ? await freshDatabase(prefix) : undefined;
  const port = await freePort();
  const env = baseEnv(tempDir(), database?.url ?? '', {
    ADMIN_USERNAME: SUP.username,
    ADMIN_PASSWORD: SUP.password,
    WEBHOOK_ALLOW_PRIVATE: '1',
    AUTH_RATE_PER_MINUTE: '100000',
  });
  const url = `http://127.0.0.1:${port}`;
  let proc: MainProcess | undefined;
  const call = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary answers
    expect(json.code, `${path}: ${json.message}`).toBe(200);
    return json.data;
  };
  return {
    url,
    async start() {
      proc = await startMain(env, { port });
    },
    async kill() {
      await stopMain(proc);
    },
    call,
    supToken: async () => (await call('/api/user/login', SUP)).token as string,
    async close() {
      await stopMain(proc);
      await database?.drop();
    },
  };
}
