/**
 * A reseller's profits: one per order of its customers, pending until its settle days have passed
 * (0: the job's next round), then credited with a `profit` ledger row; a refund takes back the
 * refunded part's share (pending: never credited; settled: debited, even below zero). A reseller moves
 * money to its own customers only, a ledger row on each side. Under concurrent purchases, refunds and
 * settling, money moved equals ledger rows: each user's ledger sums to their balance and the home's
 * difference (recharges - net orders + profits - balances) is 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2026, 2, 3, 4, 0, 0);
const DAY = 86_400_000;
const HOST = 'agent.example.com';
const SETTLE = 'reseller-profit-settle';

describe.each(dbKinds)('reseller profits on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let agent: { id: number; token: string };
  let goods: number;
  let resellerId: number;
  const customers: { id: number; token: string }[] = [];

  const cents = async (id: number) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  const profitOf = (orderId: number) =>
    s.database.db.selectFrom('profits').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const profitRows = (userId: number) =>
    s.database.db
      .selectFrom('ledger')
      .select(['amount', 'ref_id', 'remark'])
      .where('user_id', '=', userId)
      .where('type', '=', 'profit')
      .orderBy('id')
      .execute();
  const settle = async () => expect(await s.app.jobs.runNow(SETTLE)).toBe(true);
  const register = async (username: string) => {
    const r = await s.call('POST', '/api/user/register', {
      body: { username, password: 'Customer-pass-1' },
      headers: { 'x-forwarded-host': HOST },
    });
    expect(r.code, r.message).toBe(200);
    return { id: Number(r.data.user.id), token: r.data.token as string };
  };

  /** Each user's ledger sums to their balance (negative ones allowed: a reseller debited below zero) and the difference is 0. */
  async function expectBooks() {
    const db = s.database.db;
    const users = await db.selectFrom('users').select(['id', 'balance']).execute();
    const sums = await db
      .selectFrom('ledger')
      .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('n')])
      .groupBy('user_id')
      .execute();
    const byUser = new Map(sums.map((r) => [Number(r.user_id), Number(r.n)]));
    for (const u of users) expect(byUser.get(Number(u.id)) ?? 0, `ledger of user ${u.id}`).toBe(Number(u.balance));
    // Every settled profit's credit, less what refunds took back after it settled, is in the ledger.
    const profits = await db.selectFrom('profits').selectAll().execute();
    const ledgered = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.sum<number>('amount').as('n'))
      .where('type', '=', 'profit')
      .executeTakeFirstOrThrow();
    const settled = profits.filter((p) => p.settled_at !== null).reduce((n, p) => n + Number(p.amount) - Number(p.reversed), 0);
    expect(Number(ledgered.n ?? 0)).toBe(settled);
    const stats = await s.get('/api/statistics/index', sup);
    expect(stats.data.admin.diff).toBe(0);
  }

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0, settings: { trustProxy: 1, sessionTtlMs: 365 * DAY, sessionRotateMs: 365 * DAY } });
    sup = await s.login(SUP.username, SUP.password);
    agent = await s.addCustomer(sup, 'profit_agent');
    const made = await s.post('/api/reseller/add', { user_id: agent.id, site_name: '利润站', host: HOST, markup: 50, settle_days: 2 }, sup);
    expect(made.code, made.message).toBe(200);
    resellerId = made.data.id;
    goods = await addGoods(s, sup, { title: '利润商品', service: 'pf', price: 1, max_qty: 10 });
    await importLines(s, sup, goods, phones(120, 8613900000000));
    for (let i = 0; i < 6; i += 1) {
      const c = await register(`profit_c${i}`);
      await credit(s, sup, c.id, 20);
      customers.push(c);
    }
  });
  afterAll(() => s?.close());

  it('a purchase records its profit, pending until the settle days have passed, then credited once', async () => {
    const [c] = customers;
    const bought = await buyOk(s, c.token, goods, 2);
    expect(bought.amount).toBe(3);
    const p = await profitOf(bought.order_id);
    expect(p).toMatchObject({ state: 'pending', reversed: 0, settled_at: null });
    expect([Number(p.amount), Number(p.user_id), Number(p.buyer_id), Number(p.settle_at)]).toEqual([100, agent.id, c.id, T0 + 2 * DAY]);
    await settle();
    expect((await profitOf(bought.order_id)).state).toBe('pending');
    expect(await cents(agent.id)).toBe(0);
    // The owner's home shows it pending, apart from the settled profits the difference counts.
    expect((await s.get('/api/statistics/index', sup)).data.admin).toMatchObject({ profit: 0, profitPending: 1, diff: 0 });

    const audited = (await s.database.db.selectFrom('audit').select('id').execute()).length;
    s.clock.advance(2 * DAY);
    await settle();
    await settle();
    expect((await profitOf(bought.order_id)).state).toBe('settled');
    expect(await cents(agent.id)).toBe(100);
    expect((await s.get('/api/statistics/index', sup)).data.admin).toMatchObject({ profit: 1, profitPending: 0, diff: 0 });
    // A job's settling is in the ledger only, as the automatic jobs' refunds are: no audit row.
    expect((await s.database.db.selectFrom('audit').select('id').execute()).length).toBe(audited);
    const rows = await profitRows(agent.id);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].amount)).toBe(100);
    expect(rows[0].remark).toContain('分站利润');
    // The reseller reads it as its own; nobody else does.
    const mine = await s.post('/api/profit/data', {}, agent.token);
    expect(mine.data.list).toEqual([
      expect.objectContaining({ order_id: bought.order_id, amount: 1, state: 'settled', buyer_id_label: 'profit_c0' }),
    ]);
    expect((await s.post('/api/profit/data', {}, c.token)).data.list).toEqual([]);
    expect((await s.get(`/api/profit/detail?id=${p.id}`, c.token)).code).toBe(404);
    await expectBooks();
  });

  it('a refund of a pending profit takes back its share: never credited', async () => {
    const [, c] = customers;
    const bought = await buyOk(s, c.token, goods, 4);
    expect(bought.amount).toBe(6);
    // A quarter of the order back: a quarter of the 2.00 profit.
    expect((await s.post('/api/order/refund', { id: bought.order_id, amount: 1.5, remark: '部分退款' }, sup)).code).toBe(200);
    expect(await profitOf(bought.order_id)).toMatchObject({ state: 'pending', reversed: 50 });
    expect((await s.post('/api/order/refund', { id: bought.order_id, amount: 4.5, remark: '全部退款' }, sup)).code).toBe(200);
    expect(await profitOf(bought.order_id)).toMatchObject({ state: 'reversed', reversed: 200 });
    const before = await cents(agent.id);
    s.clock.advance(3 * DAY);
    await settle();
    expect(await cents(agent.id)).toBe(before);
    await expectBooks();
  });

  it('a partly refunded pending profit settles what is left; a later refund debits the rest', async () => {
    const [, , c] = customers;
    const bought = await buyOk(s, c.token, goods, 2);
    // A link refunded whole: its unit's share of the order (half the profit).
    expect((await s.post('/api/token/refund', { id: bought.tokens[0].id, remark: '坏号' }, sup)).code).toBe(200);
    expect(await profitOf(bought.order_id)).toMatchObject({ state: 'pending', reversed: 50 });
    const before = await cents(agent.id);
    s.clock.advance(2 * DAY);
    await settle();
    expect(await cents(agent.id)).toBe(before + 50);
    expect((await s.post('/api/token/refund', { id: bought.tokens[1].id, remark: '坏号' }, sup)).code).toBe(200);
    expect(await profitOf(bought.order_id)).toMatchObject({ state: 'reversed', reversed: 100 });
    expect(await cents(agent.id)).toBe(before);
    const last = (await profitRows(agent.id)).at(-1)!;
    expect(Number(last.amount)).toBe(-50);
    expect(last.remark).toContain('冲回');
    await expectBooks();
  });

  it('a settled profit taken back after the reseller spent it: its balance goes below zero, shown to finance', async () => {
    const [, , , c] = customers;
    const bought = await buyOk(s, c.token, goods, 2);
    s.clock.advance(2 * DAY);
    await settle();
    // The reseller moves everything it has to one of its customers.
    const all = await cents(agent.id);
    const moved = await s.post('/api/reseller/transfer', { user_id: c.id, amount: all / 100, remark: '返现' }, agent.token);
    expect(moved.code, moved.message).toBe(200);
    expect(await cents(agent.id)).toBe(0);
    expect((await s.post('/api/order/refund', { id: bought.order_id, amount: 3, remark: '退款' }, sup)).code).toBe(200);
    expect(await cents(agent.id)).toBe(-100);
    const row = (await s.post('/api/reseller/data', {}, sup)).data.list.find((r: { id: number }) => r.id === resellerId);
    expect(row.profit_settled).toBeGreaterThan(0);
    const user = (await s.post('/api/user/data', { username: 'profit_agent' }, sup)).data.list[0];
    expect(user.balance).toBe(-1);
    // It cannot move money it does not have.
    expect((await s.post('/api/reseller/transfer', { user_id: c.id, amount: 0.01 }, agent.token)).code).toBe(402);
    await credit(s, sup, agent.id, 5);
    await expectBooks();
  });

  it('我的分站 gives each customer the profit its orders earned and what refunds took back', async () => {
    const list = await s.post('/api/reseller/customers?page=1&pageSize=20', {}, agent.token);
    expect(list.code, list.message).toBe(200);
    const figures = Object.fromEntries(
      list.data.list.map((c: { username: string; profit: number; profit_reversed: number }) => [c.username, [c.profit, c.profit_reversed]]),
    );
    // c0 kept its settled 1.00; c1 and c2 were refunded in full (2.00 and 1.00 taken back), c3's settled
    // 1.00 was taken back; c4 and c5 bought nothing.
    expect(figures).toEqual({
      profit_c0: [1, 0],
      profit_c1: [0, 2],
      profit_c2: [0, 1],
      profit_c3: [0, 1],
      profit_c4: [0, 0],
      profit_c5: [0, 0],
    });
    expect((await s.get('/api/reseller/site', agent.token)).data).toMatchObject({ profit_reversed: 4, profit_settled: 1 });
  });

  it('a transfer moves money from the reseller to its own customer only, a ledger row on each side', async () => {
    const [c] = customers;
    const stranger = await s.addCustomer(sup, 'main_site_c');
    const [agentBefore, cBefore] = [await cents(agent.id), await cents(c.id)];
    const snapshot = await s.snapshot();
    expect((await s.post('/api/reseller/transfer', { user_id: stranger.id, amount: 1 }, agent.token)).code).toBe(404);
    expect((await s.post('/api/reseller/transfer', { user_id: agent.id, amount: 1 }, agent.token)).code).toBe(404);
    expect((await s.post('/api/reseller/transfer', { user_id: c.id, amount: 0 }, agent.token)).code).toBe(400);
    expect((await s.post('/api/reseller/transfer', { user_id: c.id, amount: 1 }, c.token)).code).toBe(403);
    expect(await s.snapshot()).toBe(snapshot);
    const r = await s.post('/api/reseller/transfer', { user_id: c.id, amount: 1.25, remark: '活动' }, agent.token);
    expect(r.code, r.message).toBe(200);
    expect([await cents(agent.id), await cents(c.id)]).toEqual([agentBefore - 125, cBefore + 125]);
    const rows = await s.database.db
      .selectFrom('ledger')
      .select(['user_id', 'amount', 'type'])
      .where('type', '=', 'transfer')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows.map((x) => [Number(x.user_id), Number(x.amount)]).sort()).toEqual(
      [
        [agent.id, -125],
        [c.id, 125],
      ].sort(),
    );
    const audit = await s.database.db.selectFrom('audit').select(['action', 'category']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'reseller.transfer', category: 'money' });
    await expectBooks();
  });

  it('settle_days 0: settled by the next round, within a minute', async () => {
    expect((await s.post('/api/reseller/edit', { id: resellerId, settle_days: 0 }, sup)).code).toBe(200);
    const [c] = customers;
    const bought = await buyOk(s, c.token, goods, 1);
    expect(Number((await profitOf(bought.order_id)).settle_at)).toBe(s.clock.now());
    await settle();
    expect((await profitOf(bought.order_id)).state).toBe('settled');
    await expectBooks();
  });

  it('concurrent purchases, refunds and settling: money moved equals ledger rows, the difference is 0', async () => {
    for (const c of customers) await credit(s, sup, c.id, 30);
    const rounds = 4;
    for (let round = 0; round < rounds; round += 1) {
      const bought = await Promise.all(
        customers.map((c, i) => s.post('/api/order/buy', { goods_id: goods, quantity: 1 + (i % 3) }, c.token)),
      );
      for (const b of bought) expect(b.code, b.message).toBe(200);
      // Refunds of some while others buy and the job settles.
      await Promise.all([
        ...bought.slice(0, 3).map((b) => s.post('/api/order/refund', { id: b.data.order_id, amount: 0.5, remark: '并发退款' }, sup)),
        ...customers.slice(3).map((c) => s.post('/api/order/buy', { goods_id: goods, quantity: 1 }, c.token)),
        s.app.jobs.runNow(SETTLE),
        s.post('/api/reseller/transfer', { user_id: customers[round].id, amount: 0.1 }, agent.token),
      ]);
      await Promise.all([
        ...bought.slice(3).map((b) => s.post('/api/token/refund', { id: b.data.tokens[0].id, remark: '并发退号' }, sup)),
        s.app.jobs.runNow(SETTLE),
      ]);
      await expectBooks();
    }
    await settle();
    const pending = await s.database.db.selectFrom('profits').select('id').where('state', '=', 'pending').execute();
    expect(pending).toEqual([]);
    await expectBooks();
    // Every order of its customers has its profit, none of another's.
    const orders = await s.database.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select('o.id')
      .where('u.reseller_id', '=', agent.id)
      .execute();
    const profits = await s.database.db.selectFrom('profits').select('order_id').execute();
    expect(profits.map((p) => Number(p.order_id)).sort()).toEqual(orders.map((o) => Number(o.id)).sort());
  });
});
