/**
 * The app as the benches that drive it over HTTP with its jobs running start it: in a child process
 * on a fresh database (a SQLite file, or a schema of its own on PostgreSQL), its jobs on their timers
 * as `npm start` runs them (`serveApp`, in the child), the parent's handle on it (`startApp`), and the
 * report of a bench's run on SQLite, then on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set (`reportRuns`).
 */
import os from 'node:os';
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/platform/db/connection.js';
import type { Settings } from '../server/env.js';
import { child, childReady, serverModules, type Child } from './server.js';
import { fetchRetry, freshDatabase } from './intake.js';

/** The first sup's password: `admin` logs in with it. */
export const SUP_PASSWORD = 'Bench-pass-1234';

/**
 * In the child: the app on a fresh database with `settings` over the defaults; `routes` adds the
 * bench's own routes before it listens.
 */
export async function serveApp(
  kind: string,
  prefix: string,
  settings: Partial<Settings>,
  routes?: (app: FastifyInstance, database: Database, settings: Settings) => Promise<void>,
): Promise<void> {
  const ready = childReady();
  const { buildApp, migrate, readSettings, ensureFirstSup } = await serverModules();
  const { database, dir, drop } = await freshDatabase(kind, prefix);
  const all = { ...readSettings({}), dataDir: dir ?? os.tmpdir(), ...settings };
  await migrate(database.db, database.dialect, all);
  await ensureFirstSup(database.db, 'admin', SUP_PASSWORD, Date.now());
  const app = await buildApp({ settings: all, database, logger: false, runJobs: true });
  await routes?.(app, database, all);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await app.close();
    await drop();
    process.exit(0);
  });
  ready((app.server.address() as net.AddressInfo).port);
}

export interface ChildApp {
  base: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads arbitrary JSON answers of every API
  call(p: string, body?: unknown, token?: string): Promise<any>;
  server: Child;
}

/** The app served by `file` (run with `serve <kind>`, which calls `serveApp`); `call` answers an envelope's data. */
export async function startApp(kind: 'sqlite' | 'postgres', file: string): Promise<ChildApp> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const server = await child(kind, file, url ? { BENCH_DATABASE_URL: url } : {});
  const base = `http://127.0.0.1:${server.port}`;
  const call = async (p: string, body?: unknown, token?: string) => {
    const json = JSON.parse(
      await fetchRetry(base + p, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.message}`);
    return json.data;
  };
  return { base, call, server };
}

/** Prints the machine's load average, then the lines of `run` on SQLite and, when a URL is set, on PostgreSQL. */
export async function reportRuns(run: (kind: 'sqlite' | 'postgres') => Promise<string[]>): Promise<void> {
  const out = [
    `\nload average: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  ];
  out.push(...(await run('sqlite')));
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) out.push(...(await run('postgres')));
  process.stdout.write(`${out.join('\n')}\n`);
}
