/* eslint-disable @typescript-eslint/no-explicit-any -- an answer's data defaults to any: the tests read arbitrary JSON answers of every API without declaring each one's type */
/**
 * A real server on a real database for the API tests: SQLite in a fresh temp dir, and PostgreSQL in a
 * fresh schema when TEST_DATABASE_URL is set. Nothing of ours is mocked; the clock is injectable.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { connect, type Database } from '../../server/platform/db/connection.js';
import { migrate } from '../../server/schema/migrate.js';
import type { DB } from '../../server/schema/tables.js';
import { readSettings, type Settings } from '../../server/env.js';
import { ensureFirstSup } from '../../server/accounts/first-sup.js';
import { resources, type ResourceDef } from '../../resources.config.js';

export type DbKind = 'sqlite' | 'postgres';

/** The databases this run tests against: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const SUP = { username: 'admin', password: 'Admin-pass-123' };

export const TABLES = [
  'users',
  'sessions',
  'notices',
  'settings',
  'ledger',
  'recharges',
  'rate_limits',
  'job_leases',
  'usdt_orders',
  'usdt_amounts',
  'usdt_transfers',
  'usdt_watch',
  'groups',
  'discounts',
  'goods',
  'stock_items',
  'orders',
  'tokens',
  'messages',
  'code_records',
  'reset_records',
  'augment_records',
  'api_keys',
  'api_orders',
] as const;

/** The business tables whose every row a snapshot holds (beside the foundation's). */
const COMMERCE = [
  'groups',
  'discounts',
  'goods',
  'stock_items',
  'orders',
  'tokens',
  'messages',
  'code_records',
  'reset_records',
  'augment_records',
] as const;

/**
 * The data tables a snapshot holds whole beside those above (login_history left out: a login
 * attempt, refused or not, records itself; sessions, leases, rate limits, poller state and the
 * statistics' caches change on reads).
 */
const CONTENT = [
  'devices',
  'providers',
  'service_names',
  'api_keys',
  'api_orders',
  'usdt_orders',
  'usdt_transfers',
  'rent_pushes',
  'webhook_endpoints',
  'webhook_deliveries',
  'user_totp',
  'totp_recovery_codes',
  'telegram_bindings',
  'telegram_bind_codes',
  'telegram_outbox',
  'telegram_alerts',
] as const;

/** Every other declared resource's table, held whole too: a resource added to the declaration is in every snapshot at once. */
const DECLARED = [...new Set(Object.values(resources as Record<string, ResourceDef>).map((def) => def.table))].filter(
  (t) => t !== 'audit' && ![...COMMERCE, ...CONTENT, 'users', 'notices', 'settings', 'ledger', 'recharges'].includes(t as never),
);

/**
 * Columns that record use, not data: a key's last use (a refused protocol call still used it), a
 * phone's last report and its message counter, a number's last SMS (each written in the background,
 * a second after the message).
 */
const STAMPS: Record<string, string[]> = {
  api_keys: ['last_used_at'],
  devices: ['last_seen_at', 'message_count', 'clock_offset_ms', 'clock_skew_ms'],
  device_numbers: ['last_sms_at', 'update_at'],
};

export interface Envelope<T = any> {
  code: number;
  message: string;
  data: T;
}

export interface Answer<T = any> extends Envelope<T> {
  status: number;
  headers: Headers;
}

/** Real time unless a test freezes it or moves it on. */
export class Clock {
  private fixed: number | null = null;
  private offset = 0;
  now = (): number => this.fixed ?? Date.now() + this.offset;
  freeze(ms: number): void {
    this.fixed = ms;
  }
  advance(ms: number): void {
    if (this.fixed !== null) this.fixed += ms;
    else this.offset += ms;
  }
  reset(): void {
    this.fixed = null;
    this.offset = 0;
  }
}

export interface StartOptions {
  settings?: Partial<Settings>;
  /** A clock frozen at this time from the start (the first sup is created then too). */
  frozenAt?: number;
}

export interface Caller {
  url: string;
  /** The other app itself (its background jobs: `app.jobs.runNow`). */
  app: FastifyInstance;
  post<T = any>(path: string, body?: unknown, token?: string): Promise<Answer<T>>;
  get<T = any>(path: string, token?: string): Promise<Answer<T>>;
}

export interface TestServer {
  kind: DbKind;
  url: string;
  app: FastifyInstance;
  database: Database;
  settings: Settings;
  clock: Clock;
  /** A call with a JSON body (or a raw string body / no body), returning the envelope and the HTTP side. */
  call<T = any>(method: 'GET' | 'POST', path: string, opts?: CallOptions): Promise<Answer<T>>;
  post<T = any>(path: string, body?: unknown, token?: string): Promise<Answer<T>>;
  get<T = any>(path: string, token?: string): Promise<Answer<T>>;
  /** Logs in and returns the token (asserting success). */
  login(username: string, password: string): Promise<string>;
  /** A customer made by the sup through /api/user/add; returns its id and a logged-in token. */
  addCustomer(supToken: string, username: string, password?: string): Promise<{ id: number; token: string }>;
  counts(): Promise<Record<string, number>>;
  /** Every row of every data table except the ones that change on any call (sessions, rate limits) and logins' records. */
  snapshot(): Promise<string>;
  /** Another app on the same database (other settings, same clock). */
  sibling(settings: Partial<Settings>): Promise<Caller>;
  /** Another app on a connection of its own to the same database: what another server process sees. */
  peer(settings?: Partial<Settings>): Promise<Caller>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is, with the given content type (default application/json). */
  raw?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

export async function startServer(kind: DbKind, opts: StartOptions = {}): Promise<TestServer> {
  const clock = new Clock();
  if (opts.frozenAt !== undefined) clock.freeze(opts.frozenAt);
  const settings: Settings = { ...readSettings({}), authRatePerMinute: 100_000, ...opts.settings };

  let dir: string | undefined;
  let schema: string | undefined;
  let database: Database;
  if (kind === 'postgres') {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    database = await connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema, readCacheMs: settings.readCacheMs });
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
    database = await connect({ dataDir: dir, readCacheMs: settings.readCacheMs });
  }
  await migrate(database.db, database.dialect, settings);
  await ensureFirstSup(database.db, SUP.username, SUP.password, clock.now());

  const build = (s: Settings) => buildApp({ settings: s, database, now: clock.now, logger: false });
  const app = await build(settings);
  const url = await listen(app);
  const siblings: FastifyInstance[] = [];
  const peers: Database[] = [];

  /** Another app, listening, closed with the server, called like it. */
  async function callerOf(other: FastifyInstance): Promise<Caller> {
    siblings.push(other);
    const base = await listen(other);
    return {
      url: base,
      app: other,
      post: (p, body, token) => call('POST', p, { body, token }, base),
      get: (p, token) => call('GET', p, { token }, base),
    };
  }

  async function call<T>(method: 'GET' | 'POST', p: string, o: CallOptions = {}, base = url): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.raw !== undefined) {
      body = o.raw;
      headers['content-type'] = o.contentType ?? 'application/json';
    } else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(base + p, { method, headers, body });
    const text = await res.text();
    let json: Envelope<T>;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${p}: not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
    }
    return { ...json, status: res.status, headers: res.headers };
  }

  const server: TestServer = {
    kind,
    url,
    app,
    database,
    settings,
    clock,
    call: (method, p, o) => call(method, p, o),
    post: (p, body, token) => call('POST', p, { body, token }),
    get: (p, token) => call('GET', p, { token }),
    async login(username, password) {
      const r = await call<{ token: string }>('POST', '/api/user/login', { body: { username, password } });
      if (r.code !== 200) throw new Error(`login ${username}: ${r.code} ${r.message}`);
      return r.data.token;
    },
    async addCustomer(supToken, username, password = 'Customer-pass-1') {
      const r = await call<{ id: number }>('POST', '/api/user/add', { body: { username, password }, token: supToken });
      if (r.code !== 200) throw new Error(`add ${username}: ${r.code} ${r.message}`);
      return { id: r.data.id, token: await server.login(username, password) };
    },
    async counts() {
      const out: Record<string, number> = {};
      for (const t of TABLES) {
        const row = await database.db
          .selectFrom(t as keyof DB)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        out[t] = Number(row.n);
      }
      return out;
    },
    async snapshot() {
      const parts: Record<string, unknown> = {};
      for (const t of ['users', 'notices', 'settings', 'ledger', 'recharges', ...COMMERCE] as const) {
        const q = database.db.selectFrom(t).selectAll();
        parts[t] = await (t === 'settings' ? q.orderBy('key') : q.orderBy('id' as never)).execute();
      }
      // The other data tables, row by row (some have no id: rows sorted by their content).
      for (const t of [...CONTENT, ...DECLARED]) {
        const rows = await database.db
          .selectFrom(t as keyof DB)
          .selectAll()
          .execute();
        const skip = STAMPS[t] ?? [];
        parts[t] = rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !skip.includes(k))))).sort();
      }
      // Every audit row but a login's: a refused call writes none (a login attempt records itself, by design).
      parts.audit = await database.db.selectFrom('audit').selectAll().where('category', '!=', 'login').orderBy('id').execute();
      // Rate-limit windows are not data: a refused guess may open one.
      const { rate_limits: _windows, ...counts } = await server.counts();
      parts.counts = counts;
      return JSON.stringify(parts);
    },
    async sibling(s) {
      return callerOf(await build({ ...settings, ...s }));
    },
    async peer(s = {}) {
      const own = { ...settings, ...s };
      const other =
        kind === 'postgres'
          ? await connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema, readCacheMs: own.readCacheMs })
          : await connect({ dataDir: dir!, readCacheMs: own.readCacheMs });
      peers.push(other);
      return callerOf(await buildApp({ settings: own, database: other, now: clock.now, logger: false }));
    },
    async close() {
      await Promise.all(siblings.map((s) => s.close()));
      await Promise.all(peers.map((d) => d.close()));
      await app.close();
      await database.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    },
  };
  return server;
}

/** True when the text holds Chinese characters (every message the API sends is Chinese). */
export const chinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (Shanghai by default), computed without the server's code. */
export function localTime(ms: number, timeZone = 'Asia/Shanghai'): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);
}
