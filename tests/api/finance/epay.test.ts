/**
 * 易支付 top-ups against a stand-in gateway on loopback: the settings finance keeps (the key sealed),
 * a pay order and its signed gateway address, the notification credited exactly once (repeats, ten at
 * once, two processes), every forged or wrong one refused and kept for finance, the order asked about
 * when its notification never came, and what 账户充值 is offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { FakeEpayGateway } from '../../helpers/epay-gateway.js';
import { expectBooks } from '../fixtures/usdt.js';
import { tronAddress } from '../../helpers/trongrid.js';

describe.each(dbKinds)('易支付 top-ups on %s', (kind) => {
  let s: TestServer;
  let gw: FakeEpayGateway;
  let owner: string;
  let alice: { id: number; token: string };

  const settings = (extra: Record<string, unknown> = {}) => ({
    enabled: true,
    gateway: gw.url,
    pid: gw.pid,
    key: gw.key,
    types: 'alipay,wxpay',
    rate: 7.25,
    min_amount: 1,
    max_amount: 500,
    expire_minutes: 30,
    ...extra,
  });
  const balance = async (token: string) => (await s.get('/api/user/base', token)).data.balance;
  const create = async (token: string, amount: number | string, type = 'alipay', device?: string) => {
    const r = await s.post('/api/epay/create', { amount, type, ...(device ? { device } : {}) }, token);
    expect(r.code, r.message).toBe(200);
    return r.data;
  };
  /** The customer's browser opens the pay address: the gateway takes the order (and checks its signature). */
  const open = async (payUrl: string) => {
    const page = await (await fetch(payUrl)).text();
    expect(page).toContain('收银台');
  };
  const refusals = async () => (await s.get('/api/epay/config', owner)).data.refusals as { reason: string; out_trade_no: string }[];

  beforeAll(async () => {
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } });
    gw = await FakeEpayGateway.start();
    owner = await s.login(SUP.username, SUP.password);
    alice = await s.addCustomer(owner, 'alice_epay');
    const r = await s.post('/api/epay/config/edit', settings(), owner);
    expect(r.code, r.message).toBe(200);
  });
  afterAll(async () => {
    await expectBooks(s, owner);
    await gw?.close();
    await s?.close();
  });

  describe('settings', () => {
    it('finance and the owner keep them; the key is never answered, only its last characters', async () => {
      const r = await s.get('/api/epay/config', owner);
      expect(r.data).toMatchObject({ enabled: true, gateway: gw.url, pid: gw.pid, rate: 7.25, key_set: true, key_hint: '••••6789' });
      expect(JSON.stringify(r.data)).not.toContain(gw.key);
      const stored = await s.database.db.selectFrom('settings').select('value').where('key', '=', 'epay').executeTakeFirstOrThrow();
      expect(stored.value).not.toContain(gw.key);
      const fin = await s.post('/api/user/add', { username: 'fin_epay', password: 'Staff-pass-1', type: 'sup', role: 'finance' }, owner);
      expect(fin.code, fin.message).toBe(200);
      const finToken = await s.login('fin_epay', 'Staff-pass-1');
      expect((await s.get('/api/epay/config', finToken)).code).toBe(200);
      // Saving without a key keeps the one stored.
      expect((await s.post('/api/epay/config/edit', { rate: 7.25 }, finToken)).code).toBe(200);
      expect((await s.get('/api/epay/config', owner)).data.key_set).toBe(true);
    });

    it('support staff and customers cannot read or change them', async () => {
      await s.post('/api/user/add', { username: 'sup_epay', password: 'Staff-pass-1', type: 'sup', role: 'support' }, owner);
      const support = await s.login('sup_epay', 'Staff-pass-1');
      for (const token of [support, alice.token]) {
        expect((await s.get('/api/epay/config', token)).code).toBe(403);
        expect((await s.post('/api/epay/config/edit', { rate: 1 }, token)).code).toBe(403);
      }
      expect((await s.get('/api/epay/config', owner)).data.rate).toBe(7.25);
    });

    it('bad values are refused in Chinese, nothing saved', async () => {
      const before = (await s.get('/api/epay/config', owner)).data;
      for (const bad of [{ types: 'paypal' }, { rate: 0 }, { gateway: 'ftp://x' }, { min_amount: 600 }, { pid: 'a b' }]) {
        const r = await s.post('/api/epay/config/edit', bad, owner);
        expect(r.code, JSON.stringify(bad)).toBe(400);
        expect(r.message).toMatch(/[\u4e00-\u9fff]/);
      }
      expect((await s.get('/api/epay/config', owner)).data).toEqual(before);
    });
  });

  describe('a pay order', () => {
    it('shows the CNY to pay (rounded up to the fen) and leads to the gateway with a signed address', async () => {
      const order = await create(alice.token, '10.01');
      // 10.01 × 7.25 = 72.5725 → 72.58
      expect(order).toMatchObject({ amount: 10.01, money: 72.58, type: 'alipay', state: 'waiting', expires_in: 1800 });
      expect(order.order_no).toMatch(/^EP\d{18}$/);
      const url = new URL(order.pay_url);
      expect(url.origin + url.pathname).toBe(`${gw.url}submit.php`);
      const params = Object.fromEntries(url.searchParams);
      expect(params).toMatchObject({ pid: gw.pid, type: 'alipay', out_trade_no: order.order_no, money: '72.58', sign_type: 'MD5' });
      expect(params.notify_url).toBe(`${s.url}/api/epay/notify`);
      expect(gw.signedOk(params)).toBe(true);
      await open(order.pay_url);
    });

    it('a desktop payer gets the gateway’s QR code (mapi.php), where it gives one', async () => {
      const order = await create(alice.token, 2, 'wxpay', 'pc');
      expect(order.qrcode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      const call = gw.seen.findLast((x) => x.path === '/mapi.php')!;
      expect(call.params).toMatchObject({ device: 'pc', out_trade_no: order.order_no, money: '14.50' });
      expect(gw.signedOk(call.params)).toBe(true);
    });

    it('refuses a type not offered, an amount out of bounds, and nothing is made', async () => {
      const before = await s.database.db
        .selectFrom('epay_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect((await s.post('/api/epay/create', { amount: 5, type: 'qqpay' }, alice.token)).code).toBe(400);
      const low = await s.post('/api/epay/create', { amount: 0.5, type: 'alipay' }, alice.token);
      expect(low.code).toBe(400);
      expect(low.message).toBe('充值金额应在 1.00 到 500.00 美元之间');
      expect((await s.post('/api/epay/create', { amount: 'abc', type: 'alipay' }, alice.token)).code).toBe(400);
      const after = await s.database.db
        .selectFrom('epay_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('the notification', () => {
    it('credits once: ledger row, recharge record and audit row; a repeat answers success and credits nothing', async () => {
      const start = await balance(alice.token);
      const order = await create(alice.token, 20);
      await open(order.pay_url);
      expect(await gw.pay(order.order_no)).toBe('success');
      expect(await balance(alice.token)).toBeCloseTo(start + 20, 2);
      const detail = (await s.get(`/api/epay/detail?id=${order.id}`, alice.token)).data;
      expect(detail).toMatchObject({ state: 'paid', trade_no: gw.orders.get(order.order_no)!.tradeNo });
      expect(detail.pay_url).toBeUndefined();
      // The gateway retries (it did not hear us, say): the same answer, no second credit.
      expect(await gw.tell(`${s.url}/api/epay/notify`, gw.notification(order.order_no))).toBe('success');
      expect(await gw.tell(`${s.url}/api/epay/notify`, gw.notification(order.order_no), 'POST')).toBe('success');
      expect(await balance(alice.token)).toBeCloseTo(start + 20, 2);
      const db = s.database.db;
      const recharges = await db.selectFrom('recharges').selectAll().where('tx_hash', '=', `epay:${order.order_no}`).execute();
      expect(recharges).toHaveLength(1);
      expect(recharges[0]).toMatchObject({ type: 'epay', remark: `支付宝充值 ${order.order_no}` });
      const ledger = await db
        .selectFrom('ledger')
        .selectAll()
        .where('ref_type', '=', 'recharge')
        .where('ref_id', '=', recharges[0].id)
        .execute();
      expect(ledger.map((l) => Number(l.amount))).toEqual([2000]);
      const audit = await db
        .selectFrom('audit')
        .selectAll()
        .where('action', '=', 'epay.credit')
        .where('target_id', '=', order.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0].actor_name).toBe('易支付');
    });

    it('a POSTed form notification credits like a GET', async () => {
      const start = await balance(alice.token);
      const order = await create(alice.token, 3, 'wxpay');
      await open(order.pay_url);
      expect(await gw.pay(order.order_no, { method: 'POST' })).toBe('success');
      expect(await balance(alice.token)).toBeCloseTo(start + 3, 2);
    });

    it('ten identical notifications at once credit once', async () => {
      const start = await balance(alice.token);
      const order = await create(alice.token, 7);
      await open(order.pay_url);
      const note = gw.notification(order.order_no);
      const answers = await Promise.all(Array.from({ length: 10 }, () => gw.tell(`${s.url}/api/epay/notify`, note)));
      expect(answers).toEqual(Array(10).fill('success'));
      expect(await balance(alice.token)).toBeCloseTo(start + 7, 2);
    });

    it('forged or wrong ones credit nothing, answer fail, and are kept for finance with why', async () => {
      const start = await balance(alice.token);
      const order = await create(alice.token, 9);
      await open(order.pay_url);
      const notify = `${s.url}/api/epay/notify`;
      const cases: [Record<string, string>, string][] = [
        [gw.notification(order.order_no, {}, 'not-the-key'), '签名错误'],
        [gw.notification(order.order_no, { money: '0.01' }), '金额不符'],
        [gw.notification(order.order_no, { trade_status: 'WAIT_BUYER_PAY' }), 'TRADE_SUCCESS'],
        [gw.notification(order.order_no, { pid: '9999' }), '商户 ID 不符'],
        [gw.notification(order.order_no, { out_trade_no: 'EP000000000000000000' }), '未知订单'],
        [{ ...gw.notification(order.order_no), sign: '' }, '签名错误'],
      ];
      for (const [params, why] of cases) {
        expect(await gw.tell(notify, params), why).toBe('fail');
        expect((await refusals())[0].reason, why).toContain(why);
      }
      expect(await (await fetch(notify)).text()).toBe('fail');
      expect(await balance(alice.token)).toBeCloseTo(start, 2);
      expect((await s.get(`/api/epay/detail?id=${order.id}`, alice.token)).data.state).toBe('waiting');
    });

    it('any malformed notification is answered fail, never an error page, and credits nothing', async () => {
      const start = await balance(alice.token);
      const notify = `${s.url}/api/epay/notify`;
      const bodies: [string, string][] = [
        ['application/json', '{"broken'],
        ['application/json', '[1,2]'],
        ['application/json', '{"__proto__":{"money":"1"}}'],
        ['text/plain', 'money=1&out_trade_no=x'],
        ['application/x-www-form-urlencoded', '%%%&&&=='],
        ['application/x-www-form-urlencoded', 'money=1\u0000&trade_status=TRADE_SUCCESS'],
      ];
      for (const [type, body] of bodies) {
        const res = await fetch(notify, { method: 'POST', headers: { 'content-type': type }, body });
        expect(res.status, body).toBe(200);
        expect(await res.text(), body).toBe('fail');
      }
      expect(await (await fetch(`${notify}?out_trade_no[]=1&money=abc`)).text()).toBe('fail');
      expect(await (await fetch(`${notify}?out_trade_no=%00&money=1%00`)).text()).toBe('fail');
      const back = await fetch(`${s.url}/api/epay/return?out_trade_no=EP%00`, { redirect: 'manual' });
      expect([back.status, back.headers.get('location')]).toEqual([302, '/account/recharge']);
      expect(await balance(alice.token)).toBeCloseTo(start, 2);
    });

    it('a cancelled order is not credited when paid afterwards; finance sees it', async () => {
      const start = await balance(alice.token);
      const order = await create(alice.token, 4);
      await open(order.pay_url);
      const cancelled = await s.post('/api/epay/cancel', { id: order.id }, alice.token);
      expect(cancelled.data.state).toBe('cancelled');
      expect(await gw.pay(order.order_no)).toBe('fail');
      expect(await balance(alice.token)).toBeCloseTo(start, 2);
      expect((await refusals())[0]).toMatchObject({ out_trade_no: order.order_no, reason: '订单已取消' });
    });

    it('an order paid just after it expired is credited all the same', async () => {
      const start = await balance(alice.token);
      const order = await create(alice.token, 5);
      await open(order.pay_url);
      s.clock.advance(31 * 60_000);
      expect((await s.get(`/api/epay/detail?id=${order.id}`, alice.token)).data.state).toBe('expired');
      expect(await gw.pay(order.order_no)).toBe('success');
      expect(await balance(alice.token)).toBeCloseTo(start + 5, 2);
    });
  });

  it('an order whose notification never came is asked about and credited once', async () => {
    const start = await balance(alice.token);
    const order = await create(alice.token, 11);
    await open(order.pay_url);
    await gw.pay(order.order_no, { silent: true });
    // Not before it is a minute late.
    expect(await s.app.jobs.runNow('epay-query')).toBe(true);
    expect(await balance(alice.token)).toBeCloseTo(start, 2);
    s.clock.advance(2 * 60_000);
    await s.app.jobs.runNow('epay-query');
    expect(await balance(alice.token)).toBeCloseTo(start + 11, 2);
    expect(gw.seen.some((x) => x.path === '/api.php' && x.params.out_trade_no === order.order_no)).toBe(true);
    // The notification arriving late after all credits nothing more.
    expect(await gw.tell(`${s.url}/api/epay/notify`, gw.notification(order.order_no))).toBe('success');
    expect(await balance(alice.token)).toBeCloseTo(start + 11, 2);
  });

  it('a customer reads only their own orders', async () => {
    const bob = await s.addCustomer(owner, 'bob_epay');
    const order = await create(alice.token, 2);
    expect((await s.get(`/api/epay/detail?id=${order.id}`, bob.token)).code).toBe(404);
    expect((await s.post('/api/epay/cancel', { id: order.id }, bob.token)).code).toBe(404);
    const list = await s.post('/api/epay/data', {}, bob.token);
    expect(list.data.list).toEqual([]);
    expect((await s.post('/api/epay/data', {}, alice.token)).data.total).toBeGreaterThan(0);
  });

  it('the return from the gateway leads to the order in the console, trusting nothing it carries', async () => {
    const order = await create(alice.token, 2);
    const res = await fetch(`${s.url}/api/epay/return?out_trade_no=${order.order_no}&trade_status=TRADE_SUCCESS`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/account/recharge?epay=${order.id}`);
    expect((await s.get(`/api/epay/detail?id=${order.id}`, alice.token)).data.state).toBe('waiting');
  });

  it('账户充值 is offered what finance switched on, with the rate', async () => {
    const r = await s.get('/api/pay/options', alice.token);
    expect(r.data.methods).toEqual([
      { method: 'alipay', label: '支付宝', min_amount: 1, max_amount: 500, rate: 7.25 },
      { method: 'wxpay', label: '微信支付', min_amount: 1, max_amount: 500, rate: 7.25 },
    ]);
    // USDT on TRC20 and BEP20 follow, TRC20 first.
    const usdt = await s.post(
      '/api/usdt/config/edit',
      {
        enabled: true,
        address: tronAddress('epay test shop'),
        min_amount: 5,
        max_amount: 900,
        chains: { bep20: { enabled: true, address: `0x${'ab'.repeat(20)}`, rpc_url: 'http://127.0.0.1:9/' } },
      },
      owner,
    );
    expect(usdt.code, usdt.message).toBe(200);
    expect((await s.get('/api/pay/options', alice.token)).data.methods.slice(2)).toEqual([
      { method: 'usdt_trc20', label: 'USDT (TRC20)', min_amount: 5, max_amount: 900, rate: 1 },
      { method: 'usdt_bep20', label: 'USDT (BEP20 (BSC))', min_amount: 5, max_amount: 900, rate: 1 },
    ]);
    await s.post('/api/usdt/config/edit', { enabled: false, chains: { bep20: { enabled: false } } }, owner);
    await s.post('/api/epay/config/edit', { enabled: false }, owner);
    expect((await s.get('/api/pay/options', alice.token)).data.methods).toEqual([]);
    const closed = await s.post('/api/epay/create', { amount: 5, type: 'alipay' }, alice.token);
    expect(closed.code).toBe(409);
    expect(closed.message).toBe('支付宝/微信充值暂未开放，请联系客服');
    await s.post('/api/epay/config/edit', { enabled: true }, owner);
  });
});

describe('易支付 through a gateway in BEpusdt’s epay mode', () => {
  it('merchant 1000, no mapi.php: no QR, the customer pays through submit.php, the notification credits', async () => {
    const s = await startServer('sqlite', { settings: { webhookAllowPrivate: true } });
    // BEpusdt answers submit.php and notifies; it has no mapi.php (the stand-in answers 404 there).
    const gw = await FakeEpayGateway.start('1000', 'bepusdt-token-abcdef');
    gw.mapi = false;
    try {
      const owner = await s.login(SUP.username, SUP.password);
      const dave = await s.addCustomer(owner, 'dave_bepusdt');
      const set = await s.post(
        '/api/epay/config/edit',
        { enabled: true, gateway: `${gw.url}submit.php`, pid: '1000', key: gw.key, types: 'alipay', rate: 7.2 },
        owner,
      );
      expect(set.code, set.message).toBe(200);
      // The address given with its submit.php is kept as the gateway's folder.
      expect(set.data.gateway).toBe(`${gw.url}submit.php`);
      const order = (await s.post('/api/epay/create', { amount: 10, type: 'alipay', device: 'pc' }, dave.token)).data;
      expect(order.qrcode).toBeNull();
      expect(order.pay_url.startsWith(`${gw.url}submit.php?`)).toBe(true);
      await fetch(order.pay_url);
      expect(await gw.pay(order.order_no)).toBe('success');
      expect((await s.get('/api/user/base', dave.token)).data.balance).toBe(10);
    } finally {
      await gw.close();
      await s.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('易支付 across two processes on postgres', () => {
  it('ten notifications split between two processes credit once', async () => {
    const s = await startServer('postgres', { settings: { webhookAllowPrivate: true } });
    const gw = await FakeEpayGateway.start();
    try {
      const other = await s.peer({ webhookAllowPrivate: true });
      const owner = await s.login(SUP.username, SUP.password);
      const carol = await s.addCustomer(owner, 'carol_epay');
      await s.post('/api/epay/config/edit', { enabled: true, gateway: gw.url, pid: gw.pid, key: gw.key, rate: 7 }, owner);
      const order = (await s.post('/api/epay/create', { amount: 30, type: 'alipay' }, carol.token)).data;
      await fetch(order.pay_url);
      const note = gw.notification(order.order_no);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => gw.tell(`${i % 2 ? other.url : s.url}/api/epay/notify`, note)),
      );
      expect(answers).toEqual(Array(10).fill('success'));
      expect((await s.get('/api/user/base', carol.token)).data.balance).toBe(30);
      await expectBooks(s, owner);
    } finally {
      await gw.close();
      await s.close();
    }
  });
});
