/** Finance details and recharge records (row scoping), and the home statistics in Shanghai time. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeBalance } from '../../../server/finance/ledger.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('finance details and recharge records on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  let a: { id: number; token: string };
  let b: { id: number; token: string };

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
    a = await s.addCustomer(supToken, 'cust_a');
    b = await s.addCustomer(supToken, 'cust_b');
    for (const [id, amount, remark] of [
      [a.id, 10, 'A 充值'],
      [b.id, 20, 'B 充值'],
      [a.id, -3, 'A 扣款'],
    ] as const) {
      expect((await s.post('/api/user/money', { id, amount, remark }, supToken)).code).toBe(200);
    }
  });
  afterAll(() => s?.close());

  it('a customer sees only their own ledger rows, without the owner column', async () => {
    const r = await s.post('/api/finance/data', {}, a.token);
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((x: Record<string, unknown>) => [x.amount, x.balance_before, x.balance_after, x.remark, x.type])).toEqual([
      [-3, 10, 7, 'A 扣款', 'debit_manual'],
      [10, 0, 10, 'A 充值', 'recharge_manual'],
    ]);
    expect(r.data.list[0]).not.toHaveProperty('user_id');
    expect((await s.post('/api/finance/data', {}, b.token)).data.list.map((x: Record<string, unknown>) => x.amount)).toEqual([20]);
  });

  it('a customer sees only their own recharge records', async () => {
    const r = await s.post('/api/recharge/data', {}, a.token);
    expect(r.code).toBe(200);
    expect(r.data.list.map((x: Record<string, unknown>) => [x.type, x.amount, x.remark])).toEqual([
      ['deduct', -3, 'A 扣款'],
      ['manual', 10, 'A 充值'],
    ]);
    expect((await s.post('/api/recharge/data', { type: 'manual' }, b.token)).data.total).toBe(1);
  });

  it("a customer reading another user's row by id gets 404, their own row 200", async () => {
    const bLedger = await s.database.db.selectFrom('ledger').select('id').where('user_id', '=', b.id).executeTakeFirstOrThrow();
    const bRecharge = await s.database.db.selectFrom('recharges').select('id').where('user_id', '=', b.id).executeTakeFirstOrThrow();
    for (const path of [`/api/finance/detail?id=${bLedger.id}`, `/api/recharge/detail?id=${bRecharge.id}`]) {
      const r = await s.get(path, a.token);
      expect(r.code).toBe(404);
      expect(r.data).toBeNull();
      expect(chinese(r.message)).toBe(true);
      const own = await s.get(path, b.token);
      expect(own.code).toBe(200);
      expect(own.data.amount).toBe(20);
      expect((await s.get(path, supToken)).data).toMatchObject({ user_id: b.id, user_id_label: 'cust_b' });
    }
  });

  it('a customer may not filter by user: 400', async () => {
    for (const path of ['/api/finance/data', '/api/recharge/data']) {
      const r = await s.post(path, { user_id: b.id }, a.token);
      expect(r.code).toBe(400);
      expect(chinese(r.message)).toBe(true);
    }
  });

  it('the sup sees every row, with the owner, and can filter by user', async () => {
    const all = await s.post('/api/finance/data', {}, supToken);
    expect(all.data.total).toBe(3);
    expect(all.data.list[0]).toMatchObject({ user_id: a.id, user_id_label: 'cust_a', amount: -3 });
    const onlyB = await s.post('/api/finance/data', { user_id: b.id }, supToken);
    expect(onlyB.data.list.map((x: Record<string, unknown>) => x.user_id)).toEqual([b.id]);
    const recharges = await s.post('/api/recharge/data', { user_id: a.id, type: 'manual' }, supToken);
    expect(recharges.data.total).toBe(1);
    const debits = await s.post('/api/recharge/data', { user_id: a.id, type: 'deduct' }, supToken);
    expect(debits.data.list.map((x: Record<string, unknown>) => x.amount)).toEqual([-3]);
    const sorted = await s.post('/api/finance/data', { sort: 'amount', order: 'asc' }, supToken);
    expect(sorted.data.list.map((x: Record<string, unknown>) => x.amount)).toEqual([-3, 10, 20]);
  });

  it('has no write calls for ledger or recharge rows', async () => {
    const before = await s.snapshot();
    for (const path of ['/api/finance/add', '/api/finance/edit', '/api/finance/del', '/api/recharge/add', '/api/recharge/edit']) {
      const r = await s.post(path, { id: 1, ids: [1], amount: 100 }, supToken);
      expect(r.code).toBe(404);
      expect(r.status).toBe(404);
    }
    expect(await s.snapshot()).toBe(before);
  });
});

// Instants around midnight in Shanghai (UTC+8), where UTC is still on the day before.
const FEB_01 = Date.UTC(2025, 1, 1, 4, 0, 0);
const FEB_20 = Date.UTC(2025, 1, 20, 4, 0, 0);
const MAR_05 = Date.UTC(2025, 2, 5, 4, 0, 0);
const MAR_31_2350 = Date.UTC(2025, 2, 31, 15, 50, 0); // 2025-03-31 23:50 in Shanghai
const APR_01_0010 = Date.UTC(2025, 2, 31, 16, 10, 0); // 2025-04-01 00:10 in Shanghai, March 31 in UTC
const APR_01_0030 = Date.UTC(2025, 2, 31, 16, 30, 0);

describe.each(dbKinds)('statistics/index on %s', (kind) => {
  let s: TestServer;
  let c1: number;

  /** Moves the clock and logs the sup in then (sessions made earlier may have run out). */
  const at = async (ms: number) => {
    s.clock.freeze(ms);
    return s.login(SUP.username, SUP.password);
  };
  const register = async (username: string) => {
    const r = await s.post('/api/user/register', { username, password: 'password-1' });
    expect(r.code).toBe(200);
    return r.data.user.id as number;
  };
  const credit = async (sup: string, id: number, amount: number) =>
    expect((await s.post('/api/user/money', { id, amount, remark: '人工' }, sup)).code).toBe(200);
  // Purchases and USDT credits have no call yet: the ledger code they will use writes them here.
  const order = (userId: number, cents: number) =>
    s.database.db.transaction().execute((trx) => changeBalance(trx, { userId, amount: -cents, type: 'order', now: s.clock.now() }));
  const autoRecharge = (userId: number, cents: number) =>
    s.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('recharges')
        .values({ user_id: userId, type: 'auto', amount: cents, remark: 'USDT', operator_id: null, create_at: s.clock.now() })
        .execute();
      await changeBalance(trx, { userId, amount: cents, type: 'recharge_auto', now: s.clock.now() });
    });

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: FEB_01 });
    s.clock.freeze(FEB_20);
    await register('old_user');
    let sup = await at(MAR_05);
    c1 = await register('march_user');
    await credit(sup, c1, 100);
    sup = await at(MAR_31_2350);
    await credit(sup, c1, 10);
    await order(c1, 400);
    sup = await at(APR_01_0010);
    const c2 = await register('april_user');
    await credit(sup, c2, 5);
    await order(c1, 100);
    await autoRecharge(c1, 700);
  });
  afterAll(() => s?.close());

  it('gives the sup the platform figures, "today" and "this month" in Shanghai', async () => {
    const sup = await at(APR_01_0030);
    const r = await s.get('/api/statistics/index', sup);
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      todayOrder: 1,
      monthOrder: 1,
      totalOrder: 5,
      todayRecharge: 12,
      todayRechargeAuto: 7,
      monthRecharge: 12,
      monthRechargeAuto: 7,
      totalRecharge: 122,
      todayTokenNum: 0,
      tokenNum: 0,
      userCount: 4,
      userCountMonth: 1,
      admin: { balance: 117, recharge: 122, rechargeAuto: 7, order: 5, profit: 0, profitPending: 0, diff: 0 },
    });
  });

  it('gives a customer their own figures and no platform figures', async () => {
    s.clock.freeze(APR_01_0030);
    const token = await s.login('march_user', 'password-1');
    const r = await s.get('/api/statistics/index', token);
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      todayOrder: 1,
      monthOrder: 1,
      totalOrder: 5,
      todayRecharge: 7,
      todayRechargeAuto: 7,
      monthRecharge: 7,
      monthRechargeAuto: 7,
      totalRecharge: 117,
      todayTokenNum: 0,
      tokenNum: 0,
    });
    const info = await s.post('/api/user/info', undefined, token);
    expect(info.data.balance).toBe(112);
  });
});
