/**
 * A seeded random sequence of 500 operations (buy, renew, refund, manual credit, reset, codes,
 * expiry, automatic refund) across several users; afterwards every ledger sums to its balance, the
 * difference is 0, no number is held twice, and the products' counters match their stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, credit, deliver, expectBooksBalance, importLines, phones } from '../../helpers/commerce.js';

const SEED = 20_250_607;
const STEPS = 500;
const MINUTE = 60_000;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)],
  };
}

describe.each(dbKinds)('a random sequence of 500 operations on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  const users: { id: number; token: string }[] = [];
  const goods: number[] = [];

  beforeAll(async () => {
    // Days pass in the sequence: the test keeps its logins (no rotation to follow).
    s = await startServer(kind, {
      frozenAt: Date.UTC(2025, 5, 1, 2, 0, 0),
      settings: { sessionRotateMs: 365 * 86_400_000, sessionTtlMs: 365 * 86_400_000 },
    });
    sup = await s.login(SUP.username, SUP.password);
    const vip = (await s.post('/api/group/add', { name: 'VIP', rate: 0.85 }, sup)).data.id;
    goods.push(
      await addGoods(s, sup, {
        title: '快速',
        price: 0.37,
        valid_hours: 2,
        code_wait_minutes: 30,
        reset_limit: 2,
        renew_price: 0.13,
        max_qty: 3,
      }),
    );
    goods.push(await addGoods(s, sup, { title: '长期', price: 2.37, valid_hours: 24, receive_limit: 2, renew_price: 0.51, max_qty: 2 }));
    goods.push(
      await addGoods(s, sup, {
        title: '邮箱',
        channel: 'mail',
        service: 'go',
        price: 1.01,
        valid_hours: 6,
        code_wait_minutes: 10,
        max_qty: 2,
      }),
    );
    await importLines(s, sup, goods[0], phones(400, 8613100000000));
    await importLines(s, sup, goods[1], phones(300, 8613200000000));
    await importLines(
      s,
      sup,
      goods[2],
      Array.from({ length: 300 }, (_, i) => `box${i}@mail.test`),
    );
    for (let i = 0; i < 4; i++) {
      const u = await s.addCustomer(sup, `rnd_${i}`);
      users.push(u);
      await credit(s, sup, u.id, 5);
    }
    await s.post('/api/user/edit', { id: users[1].id, group_id: vip }, sup);
    await s.post('/api/discount/add', { user_id: users[2].id, goods_id: goods[1], rate: 0.67 }, sup);
    await s.post('/api/discount/add', { user_id: users[3].id, goods_id: goods[0], price: 0.29 }, sup);
  });
  afterAll(() => s?.close());

  it('keeps the books balanced', async () => {
    const rnd = random(SEED);
    const db = s.database.db;
    const done: Record<string, Record<number, number>> = {};
    const count = (op: string, code: number) => {
      (done[op] ??= {})[code] = (done[op][code] ?? 0) + 1;
    };
    const tokensOf = async (userId: number) =>
      db.selectFrom('tokens').select(['id', 'identifier', 'state']).where('user_id', '=', userId).execute();

    for (let step = 0; step < STEPS; step++) {
      const user = rnd.pick(users);
      const roll = rnd.next();
      let op: string;
      let code: number;
      if (roll < 0.3) {
        op = 'buy';
        code = (await s.post('/api/order/buy', { goods_id: rnd.pick(goods), quantity: rnd.int(1, 3) }, user.token)).code;
      } else if (roll < 0.4) {
        op = 'renew';
        const mine = await tokensOf(user.id);
        if (!mine.length) continue;
        code = (await s.post('/api/token/augment', { id: rnd.pick(mine).id, days: rnd.int(1, 3) }, user.token)).code;
      } else if (roll < 0.48) {
        op = 'refund-link';
        const mine = await tokensOf(user.id);
        if (!mine.length) continue;
        code = (await s.post('/api/token/refund', { id: rnd.pick(mine).id, remark: '随机退款' }, sup)).code;
      } else if (roll < 0.56) {
        op = 'refund-order';
        const orders = await db.selectFrom('orders').select(['id', 'amount', 'refunded']).where('user_id', '=', user.id).execute();
        if (!orders.length) continue;
        const o = rnd.pick(orders);
        const left = Number(o.amount) - Number(o.refunded);
        // Now and then more than is left, which must be refused.
        const cents = rnd.next() < 0.2 ? left + 1 : Math.max(1, rnd.int(1, Math.max(1, left)));
        code = (await s.post('/api/order/refund', { id: o.id, amount: cents / 100, remark: '部分退款' }, sup)).code;
      } else if (roll < 0.64) {
        op = 'credit';
        const amount = rnd.next() < 0.25 ? -rnd.int(1, 300) / 100 : rnd.int(1, 500) / 100;
        code = (await s.post('/api/user/money', { id: user.id, amount, remark: '随机调整' }, sup)).code;
      } else if (roll < 0.74) {
        op = 'reset';
        const mine = await tokensOf(user.id);
        if (!mine.length) continue;
        code = (await s.post('/api/token/reset', { id: rnd.pick(mine).id }, user.token)).code;
      } else if (roll < 0.86) {
        op = 'code';
        const mine = (await tokensOf(user.id)).filter((t) => t.state === 'active' || t.state === 'code_received');
        if (!mine.length) continue;
        const d = await deliver(s, rnd.pick(mine).identifier, `验证码 ${rnd.int(100000, 999999)} 请勿泄露`);
        code = d.tokenIds.length ? 200 : 409;
      } else if (roll < 0.93) {
        op = 'expiry';
        s.clock.advance(rnd.int(10, 180) * MINUTE);
        code = (await s.app.jobs.runNow('token-expiry')) ? 200 : 500;
      } else {
        op = 'auto-refund';
        s.clock.advance(rnd.int(5, 40) * MINUTE);
        code = (await s.app.jobs.runNow('token-auto-refund')) ? 200 : 500;
      }
      count(op, code);
      expect([200, 400, 402, 409], `step ${step}: ${op}`).toContain(code);
    }

    // Something of every kind happened, refusals included.
    for (const op of ['buy', 'renew', 'refund-link', 'refund-order', 'credit', 'reset', 'code', 'expiry', 'auto-refund']) {
      expect(done[op]?.[200] ?? 0, `${op} ${JSON.stringify(done[op])}`).toBeGreaterThan(0);
    }
    expect(done.buy[402] ?? 0).toBeGreaterThan(0);
    expect(done['refund-order'][409] ?? 0).toBeGreaterThan(0);

    const stats = await expectBooksBalance(s, sup);
    // The ledger's orders net of refunds are the orders' amounts net of their refunds.
    const orders = await db.selectFrom('orders').select(['amount', 'refunded']).execute();
    for (const o of orders) expect(Number(o.refunded)).toBeLessThanOrEqual(Number(o.amount));
    const net = orders.reduce((n, o) => n + Number(o.amount) - Number(o.refunded), 0);
    expect(Math.round(stats.totalOrder * 100)).toBe(net);
    expect(stats.tokenNum).toBe((await db.selectFrom('tokens').select('id').execute()).length);

    // No number is held by two live links; each product's counters match its items.
    const live = await db
      .selectFrom('tokens')
      .select('stock_item_id')
      .where('state', 'in', ['active', 'code_received', 'used_up'])
      .execute();
    expect(new Set(live.map((t) => t.stock_item_id)).size).toBe(live.length);
    // The products' rows once the job has added the sales' moves to them (server/goods-counts).
    expect(await s.app.jobs.runNow('goods-counts')).toBe(true);
    for (const id of goods) {
      const g = await db.selectFrom('goods').select(['stock', 'sold']).where('id', '=', id).executeTakeFirstOrThrow();
      const available = await db
        .selectFrom('stock_items')
        .select('id')
        .where('goods_id', '=', id)
        .where('state', '=', 'available')
        .execute();
      const units = await db.selectFrom('tokens').select('id').where('goods_id', '=', id).execute();
      expect(Number(g.stock)).toBe(available.length);
      expect(Number(g.sold)).toBe(units.length);
    }
  });
});
