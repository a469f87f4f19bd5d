/**
 * The server killed (-9) while it handles an 易支付 notification, at several points between the
 * request's arrival and its answer: after a restart the gateway's retry is answered `success`, and
 * every order is credited exactly once (the real server process, on SQLite and on PostgreSQL).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../helpers/server.js';
import { FakeEpayGateway } from '../../helpers/epay-gateway.js';
import { baseEnv, startMain, stopMain, tempDir, type MainProcess } from '../../helpers/main-process.js';
import { freePort } from '../../helpers/ports.js';

const ADMIN = { username: 'admin', password: 'Admin-pass-123' };

/** A database of its own on the test server (a child process cannot be handed a schema), dropped afterwards. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `epay_kill_${crypto.randomBytes(5).toString('hex')}`;
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

describe.each(dbKinds)('易支付 notifications through kill -9 on %s', (kind) => {
  let proc: MainProcess | undefined;
  let database: { url: string; drop(): Promise<void> } | undefined;
  afterAll(async () => {
    await stopMain(proc);
    await database?.drop();
  });

  it('every order credited exactly once after the gateway retries', async () => {
    database = kind === 'postgres' ? await freshDatabase() : undefined;
    const port = await freePort();
    const env = baseEnv(tempDir(), database?.url ?? '', {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WEBHOOK_ALLOW_PRIVATE: '1',
      AUTH_RATE_PER_MINUTE: '100000',
    });
    const url = `http://127.0.0.1:${port}`;
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
    const gw = await FakeEpayGateway.start();
    try {
      proc = await startMain(env, { port });
      const sup = (await call('/api/user/login', ADMIN)).token as string;
      await call('/api/epay/config/edit', { enabled: true, gateway: gw.url, pid: gw.pid, key: gw.key, rate: 7 }, sup);
      await call('/api/user/add', { username: 'payer_kill', password: 'Buyer-pass-123' }, sup);
      const payer = (await call('/api/user/login', { username: 'payer_kill', password: 'Buyer-pass-123' })).token as string;

      const delays = [0, 2, 6];
      const amounts = [11, 12, 13];
      for (const [i, ms] of delays.entries()) {
        const order = await call('/api/epay/create', { amount: amounts[i], type: 'alipay' }, payer);
        await fetch(order.pay_url);
        const note = gw.notification(order.order_no);
        // Sent, then the process is lost mid-way: the answer may never come.
        const first = gw.tell(`${url}/api/epay/notify`, note).catch(() => null);
        await new Promise((resolve) => setTimeout(resolve, ms));
        await stopMain(proc);
        await first;
        proc = await startMain(env, { port });
        // The gateway retries until it hears success.
        expect(await gw.tell(`${url}/api/epay/notify`, note)).toBe('success');
      }
      const token = (await call('/api/user/login', { username: 'payer_kill', password: 'Buyer-pass-123' })).token as string;
      expect((await call('/api/user/base', undefined, token)).balance).toBe(amounts.reduce((a, b) => a + b, 0));
      const ledger = await call('/api/finance/data?page=1&pageSize=50', {}, token);
      expect(ledger.list.filter((row: { type: string }) => row.type === 'recharge_auto')).toHaveLength(amounts.length);
      const stats = await call('/api/statistics/index', undefined, (await call('/api/user/login', ADMIN)).token);
      expect(stats.admin.diff).toBe(0);
    } finally {
      await gw.close();
    }
  }, 300_000);
});
