/**
 * PostgreSQL goes away under two running server processes (two apps, each with its own pool and
 * LISTEN connection, on a private cluster this test starts): stopped, then unreachable (a host that
 * accepts and never answers). Every call fails at once with HTTP 503 and a Chinese message in the
 * envelope (never a 500, never a hang, never a crash of the process), and once PostgreSQL is back the
 * same processes serve again by themselves: calls succeed, and a code taken by one process wakes a
 * `?wait=` read held by the other (their listening connections came back).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { connect, type Database } from '../../../server/platform/db/connection.js';
import { migrate } from '../../../server/schema/migrate.js';
import { readSettings } from '../../../server/env.js';
import { ensureFirstSup } from '../../../server/accounts/first-sup.js';
import { codeSignal } from '../../../server/links/code-wake.js';
import { defaultFormRequest } from '../../helpers/smsforwarder-app.js';
import { localTime } from '../../helpers/server.js';
import { pgBinDir, startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';
import { until } from '../../helpers/ports.js';

const SUP = { username: 'admin', password: 'Admin-pass-123' };
const DOWN = /^数据库暂时不可用，请稍后再试/;
/** A call that has not answered by then is hanging: far beyond the couple of seconds a 503 takes. */
const NO_HANG_MS = 30_000;

interface Proc {
  url: string;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}
interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers of every API
  json: any;
}

async function startProc(databaseUrl: string, dataDir: string, first: boolean): Promise<Proc> {
  const settings = { ...readSettings({}), dataDir, authRatePerMinute: 100_000, smtpPort: 0 };
  const database = await connect({ databaseUrl, dataDir });
  if (first) {
    await migrate(database.db, database.dialect, settings);
    await ensureFirstSup(database.db, SUP.username, SUP.password, Date.now());
  }
  const app = await buildApp({ settings, database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function call(
  p: Proc,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
  contentType = 'application/json',
): Promise<Answer> {
  const res = await fetch(p.url + url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': contentType } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    // A `?wait=` read may rightly take its whole wait.
    signal: AbortSignal.timeout(url.includes('wait=') ? 90_000 : NO_HANG_MS),
  });
  const text = await res.text();
  let json: Answer['json'] = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, json };
}

async function ok(p: Proc, url: string, body: unknown, token?: string) {
  const r = await call(p, 'POST', url, body, token);
  expect(r.json?.code, `${url}: ${r.text}`).toBe(200);
  return r.json.data;
}

/** The answer of a call made while the database is away: 503, the Chinese message, nothing internal. */
function expectUnavailable(r: Answer, what: string) {
  expect(r.status, `${what}: ${r.text}`).toBe(503);
  expect(r.json, `${what}: ${r.text}`).toMatchObject({ code: 503, message: expect.stringMatching(DOWN) });
  expect(r.text).not.toMatch(/Error|ECONN|postgres|at \w+ \(/i);
}

describe.skipIf(!pgBinDir())('PostgreSQL down under two server processes', () => {
  let cluster: PgCluster;
  let proxy: TcpProxy;
  /** Process A reaches PostgreSQL through the relay (so it can be cut off); process B directly. */
  let a: Proc;
  let b: Proc;
  let dataDir: string;
  let sup: string;
  let buyer: string;
  let goods: number;
  /** Two links, each with the phone that receives its number. */
  let links: { token: string; device: { path: string; secret: string } }[];
  let sent = 0;

  beforeAll(async () => {
    cluster = await startPgCluster({ settings: { fsync: 'off' } });
    proxy = await startTcpProxy(cluster.port);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-down-'));
    a = await startProc(cluster.url.replace(`:${cluster.port}/`, `:${proxy.port}/`), dataDir, true);
    b = await startProc(cluster.url, dataDir, false);
    sup = (await ok(a, '/api/user/login', SUP)).token;
    const customer = await ok(a, '/api/user/add', { username: 'down_buyer', password: 'Buyer-pass-123' }, sup);
    await ok(a, '/api/user/money', { id: customer.id, amount: 100, remark: '测试充值' }, sup);
    buyer = (await ok(a, '/api/user/login', { username: 'down_buyer', password: 'Buyer-pass-123' })).token;
    goods = (
      await ok(
        a,
        '/api/goods/add',
        {
          title: 'Telegram 接码',
          channel: 'sms',
          service: 'tg',
          price: 1,
          valid_hours: 24,
          receive_limit: 0,
          min_qty: 1,
          max_qty: 10,
        },
        sup,
      )
    ).id;
    await ok(
      a,
      '/api/stock/import',
      { goods_id: goods, text: Array.from({ length: 8 }, (_, i) => `+861370000${1000 + i}`).join('\n') },
      sup,
    );
    const bought = (await ok(a, '/api/order/buy', { goods_id: goods, quantity: 2 }, buyer)).tokens as { url: string; identifier: string }[];
    links = [];
    for (const [i, l] of bought.entries()) {
      const made = await ok(a, '/api/device/add', { name: `池子 ${i + 1}`, sim1: l.identifier }, sup);
      links.push({
        token: new URL(l.url).pathname.split('/').pop()!,
        device: { path: new URL(made.webhook_url).pathname, secret: made.secret },
      });
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await proxy?.close();
    await cluster?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One SMS to a link's number, as SmsForwarder posts it, through process `p`. */
  function sms(p: Proc, text: string, to = links[0]) {
    const ts = Date.now() + ++sent;
    const req = defaultFormRequest(
      { from: '+8610690000', text, simInfo: 'SIM1_', receiveTime: localTime(ts - 1000), deviceMark: 'Redmi' },
      to.device.secret,
      ts,
    );
    return call(p, 'POST', to.device.path, req.body, undefined, req.contentType);
  }

  /** What a customer, a script and a phone do, each through both processes. */
  async function everyKindOfCall(p: Proc) {
    return {
      profile: await call(p, 'POST', '/api/user/info', {}, buyer),
      buy: await call(p, 'POST', '/api/order/buy', { goods_id: goods, quantity: 1 }, buyer),
      login: await call(p, 'POST', '/api/user/login', SUP),
      code: await call(p, 'GET', `/api/code/${links[0].token}`),
      webhook: await sms(p, `【Telegram】验证码 ${100000 + sent}，请勿泄露`),
    };
  }

  const serving = (p: Proc) =>
    until(
      `${p === a ? 'A' : 'B'} serving again`,
      async () => (await call(p, 'POST', '/api/user/info', {}, buyer)).json?.code === 200,
      120_000,
      250,
    );

  it('PostgreSQL stopped: every call answers 503 with a Chinese message; the same processes serve again once it is back', async () => {
    // Both pools hold idle connections when the server goes away (their end must not crash anything).
    await Promise.all([a, b].flatMap((p) => Array.from({ length: 6 }, () => call(p, 'POST', '/api/user/info', {}, buyer))));
    await cluster.stop();
    // Hot reads (a session, a link) may be served from the process's cache for its second.
    for (const p of [a, b])
      await until('the cached session expired', async () => (await call(p, 'POST', '/api/user/info', {}, buyer)).status === 503);

    for (const p of [a, b]) {
      for (const [what, answer] of Object.entries(await everyKindOfCall(p))) expectUnavailable(answer, what);
    }

    await cluster.start();
    await serving(a);
    await serving(b);
    for (const p of [a, b]) {
      const bought = await call(p, 'POST', '/api/order/buy', { goods_id: goods, quantity: 1 }, buyer);
      expect(bought.json?.code, bought.text).toBe(200);
      expect((await call(p, 'GET', `/api/code/${links[0].token}`)).json?.code).toBe(200);
    }
  });

  it('PostgreSQL unreachable (accepts, never answers): 503 within the connect timeout instead of a hang; back by itself', async () => {
    proxy.blackHole();
    await until('the cached session expired', async () => (await call(a, 'POST', '/api/user/info', {}, buyer)).status === 503);
    for (const [what, answer] of Object.entries(await everyKindOfCall(a))) expectUnavailable(answer, what);
    // The other process, on its own route to the database, is not affected.
    expect((await call(b, 'POST', '/api/user/info', {}, buyer)).json?.code).toBe(200);
    proxy.pass();
    await serving(a);
  });

  it('after both outages a code taken by one process wakes a wait held by the other, both ways', async () => {
    for (const [reader, taker, code, link] of [
      [a, b, '604217', links[0]],
      [b, a, '731950', links[1]],
    ] as const) {
      const signal = codeSignal(reader.database);
      const before = signal.waiting;
      const answer = call(reader, 'GET', `/api/code/${link.token}?wait=60`);
      await until('the read is waiting', () => signal.waiting > before);
      // The listening connections are re-established in the background: until this one is, a code
      // taken elsewhere wakes nothing here. Keep sending new codes until the read wakes.
      let woken: Answer | undefined;
      answer.then(
        (r) => {
          woken = r;
        },
        () => undefined,
      );
      let n = 0;
      await until(
        'the read woken by a code taken by the other process',
        async () => {
          if (woken) return true;
          const r = await sms(taker, `【Telegram】验证码 ${code.slice(0, 4)}${String(n++).padStart(2, '0')}，请勿泄露`, link);
          expect(r.status, r.text).toBe(200);
          return false;
        },
        50_000,
        1000,
      );
      expect(woken!.json.data.code).toMatch(new RegExp(`^${code.slice(0, 4)}\\d\\d$`));
    }
  }, 180_000);
});
