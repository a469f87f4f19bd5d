/**
 * Health and metrics: /healthz (the process answers), /readyz (the database answers and holds every
 * migration; 503 with the reason otherwise), /metrics in Prometheus' text format, answered to this
 * machine and elsewhere only with METRICS_TOKEN.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { readSettings, type Settings } from '../../../server/env.js';
import { connect, type Database } from '../../../server/platform/db/connection.js';
import { migrate } from '../../../server/schema/migrate.js';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { postRaw, smsRequest } from '../../helpers/intake.js';
import { SHOP } from '../fixtures/usdt.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const TOKEN = 'metrics-token-4f1c2b9a';
const FAMILIES: [string, string][] = [
  ['http_request_duration_seconds', 'histogram'],
  ['purchases_total', 'counter'],
  ['codes_delivered_total', 'counter'],
  ['webhook_to_readable_seconds', 'histogram'],
  ['long_polls_open', 'gauge'],
  ['usdt_watcher_lag_seconds', 'gauge'],
  ['job_last_run_timestamp_seconds', 'gauge'],
  ['db_pool_connections', 'gauge'],
];

/** The value of one sample (`name{labels} value`), summed over the samples that carry all the labels given. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    if (!Object.entries(labels).every(([k, v]) => (m[2] ?? '').includes(`${k}="${v}"`))) continue;
    sum += Number(m[3]);
    found = true;
  }
  return found ? sum : NaN;
}

describe.each(dbKinds)('health and metrics on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  const metrics = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${s.url}/metrics`, { headers });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  beforeAll(async () => {
    s = await startServer(kind, { settings: { metricsToken: TOKEN } });
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());

  it('/healthz: the process is up', async () => {
    const res = await fetch(`${s.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('/readyz: 200 on a reachable, migrated database', async () => {
    const res = await fetch(`${s.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it("/metrics holds every named family, in Prometheus' text format", async () => {
    const r = await metrics();
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const [name, type] of FAMILIES) expect(r.text, name).toContain(`# TYPE ${name} ${type}`);
  });

  it("times requests by their route pattern and status, never by the address (it may hold a link's key)", async () => {
    const secret = crypto.randomBytes(16).toString('hex');
    await fetch(`${s.url}/api/code/${secret}`);
    await s.get('/api/config/index');
    const { text } = await metrics();
    expect(text).not.toContain(secret);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/code/:token', method: 'GET' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/config/index', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('a purchase moves purchases_total; a code through the SMS webhook moves codes delivered and the webhook latency; a waiting read is an open long poll', async () => {
    const customer = await s.addCustomer(sup, 'metrics_buyer');
    await credit(s, sup, customer.id, 10);
    const goods = await addGoods(s, sup, { receive_limit: 0 });
    await importLines(s, sup, goods, ['+8613700002222']);
    const made = await s.post('/api/device/add', { name: '监控测试机', sim1: '+8613700002222' }, sup);
    const device = {
      id: made.data.id,
      key: '',
      secret: made.data.secret,
      webhook_url: made.data.webhook_url,
      path: new URL(made.data.webhook_url).pathname,
    };

    const before = (await metrics()).text;
    const link = (await buyOk(s, customer.token, goods)).tokens[0];
    const bought = (await metrics()).text;
    expect(sample(bought, 'purchases_total') - sample(before, 'purchases_total')).toBe(1);

    const waiting = fetch(`${s.url}/api/code/${link.token}?wait=30&format=text`).then((r) => r.text());
    await expect.poll(async () => sample((await metrics()).text, 'long_polls_open'), { timeout: 10_000 }).toBe(1);

    s.clock.advance(2000);
    const req = smsRequest(s, device, '【Telegram】验证码 604217，请勿泄露');
    expect((await postRaw(s, device.path, req.contentType, req.body)).status).toBe(200);
    expect(await waiting).toBe('STATUS_OK:604217');

    const after = (await metrics()).text;
    expect(
      sample(after, 'codes_delivered_total', { source: 'sms' }) - (sample(before, 'codes_delivered_total', { source: 'sms' }) || 0),
    ).toBe(1);
    expect(sample(after, 'webhook_to_readable_seconds_count') - (sample(before, 'webhook_to_readable_seconds_count') || 0)).toBe(1);
    expect(sample(after, 'long_polls_open')).toBe(0);
    expect(sample(after, 'purchases_total') - sample(before, 'purchases_total')).toBe(1);
  });

  it("shows when each job last ran in this process, and the USDT watcher's lag", async () => {
    const before = (await metrics()).text;
    expect(sample(before, 'job_last_run_timestamp_seconds', { job: 'usdt-watcher' })).toBeNaN();
    expect(await s.app.jobs.runNow('usdt-watcher')).toBe(true);
    const text = (await metrics()).text;
    expect(sample(text, 'job_last_run_timestamp_seconds', { job: 'usdt-watcher' })).toBeCloseTo(s.clock.now() / 1000, -1);
    // No address to watch: nothing lags.
    expect(sample(text, 'usdt_watcher_lag_seconds')).toBe(0);
  });

  it("shows the USDT watcher's lag from its watch state: the time since an address was last read", async () => {
    const now = s.clock.now();
    expect((await s.post('/api/usdt/config/edit', { address: SHOP }, sup)).code).toBe(200);
    await s.database.db
      .insertInto('usdt_watch')
      .values({ address: SHOP, cursor: now - 600_000, last_poll_at: now - 90_000, last_ok_at: now - 90_000 })
      .execute();
    const lag = sample((await metrics()).text, 'usdt_watcher_lag_seconds');
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(200);
  });

  it("shows the database pool's use", async () => {
    const text = (await metrics()).text;
    const total = sample(text, 'db_pool_connections', { state: 'total' });
    expect(total).toBeGreaterThanOrEqual(1);
    if (kind === 'sqlite') expect(total).toBe(1);
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
  });

  it('a request relayed by a proxy (X-Forwarded-For) is not this machine: refused without the token, served with it', async () => {
    const relayed = await metrics({ 'x-forwarded-for': '203.0.113.9' });
    expect(relayed.status).toBe(403);
    expect(chinese(JSON.parse(relayed.text).message)).toBe(true);
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-token' })).status).toBe(403);
    const withToken = await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('# TYPE purchases_total counter');
  });
});

/** An address of this machine that is not loopback: a request to it comes from it. */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe.skipIf(!outside)('/metrics to a caller that is not this machine (TRUST_PROXY off)', () => {
  let s: TestServer;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    s = await startServer('sqlite', { settings: { metricsToken: TOKEN } });
    app = await buildApp({ settings: { ...s.settings, trustProxy: 0 }, database: s.database, now: s.clock.now, logger: false });
    await app.listen({ port: 0, host: outside });
    base = `http://${outside}:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await s?.close();
  });

  it('is refused without the token, in Chinese; a wrong token too', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(chinese(body.message)).toBe(true);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(403);
  });

  it('is served with the token', async () => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('is refused to everyone elsewhere when no METRICS_TOKEN is set', async () => {
    const open = await buildApp({
      settings: { ...s.settings, trustProxy: 0, metricsToken: undefined },
      database: s.database,
      now: s.clock.now,
      logger: false,
    });
    try {
      await open.listen({ port: 0, host: outside });
      const url = `http://${outside}:${(open.server.address() as { port: number }).port}/metrics`;
      expect((await fetch(url)).status).toBe(403);
      expect((await fetch(url, { headers: { authorization: 'Bearer undefined' } })).status).toBe(403);
      expect((await fetch(url, { headers: { authorization: 'Bearer ' } })).status).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('health answers to anyone', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});

describe.each(dbKinds)('/readyz follows the database on %s', (kind) => {
  const settings: Settings = { ...readSettings({}), metricsToken: undefined };
  const readyz = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    return { status: res.statusCode, body: res.json() as { status: string; message?: string } };
  };

  it('503 before the migrations, 200 after, 503 once the database is gone', async () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    if (kind === 'postgres') {
      const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
      database = await connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema });
      cleanup = async () => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      };
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readyz-'));
      database = await connect({ dataDir: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    const app = await buildApp({ settings, database, logger: false });
    try {
      const fresh = await readyz(app);
      expect(fresh.status).toBe(503);
      expect(fresh.body.status).toBe('unavailable');
      expect(chinese(fresh.body.message ?? '')).toBe(true);
      expect(fresh.body.message).toContain('迁移');
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      await migrate(database.db, database.dialect, settings);
      expect(await readyz(app)).toEqual({ status: 200, body: { status: 'ok' } });

      await database.close();
      const gone = await readyz(app);
      expect(gone.status).toBe(503);
      expect(chinese(gone.body.message ?? '')).toBe(true);
      expect(gone.body.message).toContain('数据库');
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await cleanup();
    }
  });

  it.skipIf(kind !== 'postgres')('503 while the PostgreSQL database does not exist, 200 once it is created and migrated', async () => {
    const name = `readyz_${crypto.randomBytes(5).toString('hex')}`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    url.pathname = `/${name}`;
    const database = await connect({ databaseUrl: url.toString(), dataDir: '' });
    const app = await buildApp({ settings, database, logger: false });
    try {
      const missing = await readyz(app);
      expect(missing.status).toBe(503);
      expect(chinese(missing.body.message ?? '')).toBe(true);
      expect(missing.body.message).toContain('数据库');

      await admin.query(`CREATE DATABASE "${name}"`);
      expect((await readyz(app)).status).toBe(503);
      await migrate(database.db, database.dialect, settings);
      expect(await readyz(app)).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await app.close();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.end();
    }
  });
});
