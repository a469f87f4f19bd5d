/**
 * The server killed (-9) while it handles an 易支付 notification, at several points between the
 * request's arrival and its answer: after a restart the gateway's retry is answered `success`, and
 * every order is credited exactly once (the real server process, on SQLite and on PostgreSQL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../helpers/server.js';
import { FakeEpayGateway } from '../../helpers/epay-gateway.js';
import { killableServer, type KillableServer } from '../../helpers/kill-restart.js';

describe.each(dbKinds)('易支付 notifications through kill -9 on %s', (kind) => {
  let server: KillableServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('every order credited exactly once after the gateway retries', async () => {
    server = await killableServer(kind, 'epay_kill');
    const { call, url } = server;
    const gw = await FakeEpayGateway.start();
    try {
      await server.start();
      const sup = await server.supToken();
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
        await server.kill();
        await first;
        await server.start();
        // The gateway retries until it hears success.
        expect(await gw.tell(`${url}/api/epay/notify`, note)).toBe('success');
      }
      const token = (await call('/api/user/login', { username: 'payer_kill', password: 'Buyer-pass-123' })).token as string;
      expect((await call('/api/user/base', undefined, token)).balance).toBe(amounts.reduce((a, b) => a + b, 0));
      const ledger = await call('/api/finance/data?page=1&pageSize=50', {}, token);
      expect(ledger.list.filter((row: { type: string }) => row.type === 'recharge_auto')).toHaveLength(amounts.length);
      const stats = await call('/api/statistics/index', undefined, await server.supToken());
      expect(stats.admin.diff).toBe(0);
    } finally {
      await gw.close();
    }
  }, 300_000);
});
