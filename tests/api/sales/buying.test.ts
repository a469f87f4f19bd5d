/** The store, what a purchase costs, buying (one transaction), and buying under concurrency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, credit, expectBooksBalance, importLines, phones } from '../../helpers/commerce.js';

describe.each(dbKinds)('the store and buying on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let vip: number;
  let goods: number;
  let buyer: { id: number; token: string };
  const db = () => s.database.db;

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    vip = (await s.post('/api/group/add', { name: 'VIP', rate: 0.85 }, sup)).data.id;
    goods = await addGoods(s, sup, { title: '电报', price: 10.1, min_qty: 1, max_qty: 5, sort: 1 });
    await importLines(s, sup, goods, phones(20));
    buyer = await s.addCustomer(sup, 'buyer');
    expect((await s.post('/api/user/edit', { id: buyer.id, group_id: vip }, sup)).code).toBe(200);
  });
  afterAll(() => s?.close());

  describe('the store', () => {
    it("shows the products on sale with the visitor's price: the default group without a login, the user's own with one", async () => {
      const mail = await addGoods(s, sup, { title: '邮箱', channel: 'mail', service: 'go', price: 2, sort: 2 });
      const hidden = await addGoods(s, sup, { title: '下架的', on_sale: false });
      const upstream = await addGoods(s, sup, { title: '上游的', source: 'upstream', sort: 3 });
      const anonymous = (await s.post('/api/store/data', {})).data;
      expect(anonymous.list.map((g: Record<string, unknown>) => g.id)).toEqual([goods, mail, upstream]);
      expect(anonymous.list.map((g: Record<string, unknown>) => g.id)).not.toContain(hidden);
      expect(anonymous.list[0]).toMatchObject({
        title: '电报',
        price: 10.1,
        base_price: 10.1,
        stock: 20,
        min_qty: 1,
        max_qty: 5,
        channel: 'sms',
      });
      expect(anonymous.list[2]).toMatchObject({ source: 'upstream', stock: null });
      expect(anonymous.list[0]).not.toHaveProperty('match_sender');
      // 10.10 x 0.85 = 8.585 -> 8.59
      expect((await s.post('/api/store/data', {}, buyer.token)).data.list[0]).toMatchObject({ price: 8.59, base_price: 10.1 });
      // A login that is no longer valid sees the visitor's prices rather than an error.
      expect((await s.post('/api/store/data', {}, 'not-a-session')).data.list[0].price).toBe(10.1);
      expect((await s.post('/api/store/data', { channel: 'mail' })).data.list.map((g: Record<string, unknown>) => g.id)).toEqual([mail]);
      expect((await s.post('/api/store/data', { keyword: '电' })).data.total).toBe(1);
      expect((await s.post('/api/store/data?page=2&pageSize=2', {})).data).toMatchObject({ total: 3, list: [{ id: upstream }] });
    });

    it('a discount for the product beats the group while it lasts', async () => {
      const d = await s.post('/api/discount/add', { user_id: buyer.id, goods_id: goods, price: 7, end_at: '2099-01-01 00:00:00' }, sup);
      expect((await s.post('/api/store/data', {}, buyer.token)).data.list[0].price).toBe(7);
      await s.post('/api/discount/edit', { id: d.data.id, end_at: '2000-01-01 00:00:00' }, sup);
      expect((await s.post('/api/store/data', {}, buyer.token)).data.list[0].price).toBe(8.59);
      await s.post('/api/discount/del', { ids: [d.data.id] }, sup);
    });
  });

  describe('buying', () => {
    it('quotes the total and the balance after without changing anything', async () => {
      await credit(s, sup, buyer.id, 20);
      const before = await s.snapshot();
      const q = await s.post('/api/order/quote', { goods_id: goods, quantity: 2 }, buyer.token);
      expect(q.data).toMatchObject({
        unit_price: 8.59,
        rate: 0.85,
        amount: 17.18,
        balance: 20,
        balance_after: 2.82,
        enough_balance: true,
        stock: 20,
        enough_stock: true,
      });
      const tooMuch = await s.post('/api/order/quote', { goods_id: goods, quantity: 3 }, buyer.token);
      expect(tooMuch.data).toMatchObject({ amount: 25.77, enough_balance: false, balance_after: -5.77 });
      expect(await s.snapshot()).toBe(before);
    });

    it('one purchase: the order with its price snapshot, the debit and its ledger row, a link per unit, the items sold', async () => {
      const r = await s.post('/api/order/buy', { goods_id: goods, quantity: 2 }, buyer.token);
      expect(r.code, r.message).toBe(200);
      expect(chinese(r.message)).toBe(true);
      const p = r.data;
      expect(p).toMatchObject({ quantity: 2, unit_price: 8.59, amount: 17.18, balance: 2.82 });
      expect(p.order_no).toMatch(/^\d{20}$/);
      expect(p.tokens).toHaveLength(2);
      for (const t of p.tokens) {
        expect(t.token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 192 random bits
        expect(t.url).toBe(`${s.url}/c/${t.token}`);
        expect(t.api_url).toBe(`${s.url}/api/code/${t.token}`);
      }
      expect(p.tokens.map((t: Record<string, unknown>) => t.identifier)).toEqual(['8613800000000', '8613800000001']);

      const order = (await s.get(`/api/order/detail?id=${p.order_id}`, buyer.token)).data;
      expect(order).toMatchObject({
        type: 'buy',
        quantity: 2,
        unit_price: 8.59,
        rate: 0.85,
        amount: 17.18,
        refunded: 0,
        state: 'paid',
        goods_id_label: '电报',
      });
      expect(order).not.toHaveProperty('base_price');
      expect((await s.get(`/api/order/detail?id=${p.order_id}`, sup)).data.base_price).toBe(10.1);
      const ledger = (await s.post('/api/finance/data', {}, buyer.token)).data.list[0];
      expect(ledger).toMatchObject({ type: 'order', amount: -17.18, balance_before: 20, balance_after: 2.82 });
      expect(ledger.remark).toContain('电报');
      const items = await db()
        .selectFrom('stock_items')
        .select(['state', 'token_id'])
        .where('goods_id', '=', goods)
        .where('state', '=', 'sold')
        .execute();
      expect(items.map((i) => Number(i.token_id)).sort()).toEqual(p.tokens.map((t: Record<string, unknown>) => t.id).sort());
      expect((await s.get(`/api/goods/detail?id=${goods}`, sup)).data).toMatchObject({ stock: 18, sold: 2 });
      const links = (await s.post('/api/token/data', {}, buyer.token)).data;
      expect(links.total).toBe(2);
      expect(links.list[0]).toMatchObject({
        state: 'active',
        received: 0,
        receives_left: 1,
        resets: 0,
        order_id: p.order_id,
        order_id_label: p.order_no,
      });

      // The snapshot holds when the price changes later.
      await s.post('/api/goods/edit', { id: goods, price: 99 }, sup);
      expect((await s.get(`/api/order/detail?id=${p.order_id}`, buyer.token)).data.unit_price).toBe(8.59);
      await s.post('/api/goods/edit', { id: goods, price: 10.1 }, sup);
    });

    it('refusals change nothing: balance too low 402, not enough stock 409, off sale, bounds and upstream 400', async () => {
      const small = await addGoods(s, sup, { title: '少量', price: 1, max_qty: 10 });
      await importLines(s, sup, small, phones(2, 8615500000000));
      const upstream = (await s.post('/api/store/data', {})).data.list.find((g: Record<string, unknown>) => g.source === 'upstream').id;
      const off = await addGoods(s, sup, { title: '已下架', on_sale: false });
      const cases: [unknown, number, string][] = [
        [{ goods_id: goods, quantity: 1 }, 402, '余额不足'],
        [{ goods_id: small, quantity: 3 }, 409, '库存不足'],
        [{ goods_id: off, quantity: 1 }, 400, '下架'],
        [{ goods_id: goods, quantity: 6 }, 400, '1 到 5'],
        [{ goods_id: upstream, quantity: 1 }, 400, '上游'],
      ];
      for (const [body, code, words] of cases) {
        const before = await s.snapshot();
        const r = await s.post('/api/order/buy', body, buyer.token);
        expect(r.code, JSON.stringify(body)).toBe(code);
        expect(r.message).toContain(words);
        expect(await s.snapshot()).toBe(before);
      }
    });

    it('links are built on PUBLIC_URL when it is set', async () => {
      const other = await s.sibling({ publicUrl: 'https://codes.example.com' });
      await credit(s, sup, buyer.id, 10);
      const r = await other.post('/api/order/buy', { goods_id: goods, quantity: 1 }, buyer.token);
      expect(r.data.tokens[0].url).toBe(`https://codes.example.com/c/${r.data.tokens[0].token}`);
      expect(r.data.tokens[0].api_url).toBe(`https://codes.example.com/api/code/${r.data.tokens[0].token}`);
      expect((await other.post('/api/token/data', {}, buyer.token)).data.list[0].url).toMatch(/^https:\/\/codes\.example\.com\/c\//);
    });

    it("home statistics count the links bought, the customer's own and the platform's", async () => {
      const own = (await s.get('/api/statistics/index', buyer.token)).data;
      expect(own).toMatchObject({ todayTokenNum: 3, tokenNum: 3, totalOrder: 17.18 + 8.59 });
      const stats = await expectBooksBalance(s, sup);
      expect(stats).toMatchObject({ todayTokenNum: 3, tokenNum: 3 });
    });
  });

  describe('concurrency', () => {
    it('100 purchases at once against a balance that pays for 10: exactly 10 succeed, nothing sold twice, difference 0', async () => {
      const item = await addGoods(s, sup, { title: '并发', price: 1.25, max_qty: 10 });
      await importLines(s, sup, item, phones(150, 8616600000000));
      const racer = await s.addCustomer(sup, 'racer');
      await credit(s, sup, racer.id, 12.5);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => s.post('/api/order/buy', { goods_id: item, quantity: 1 }, racer.token)),
      );
      const codes = answers.map((a) => a.code);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c !== 200 && c !== 402)).toEqual([]);
      const sold = await db()
        .selectFrom('stock_items')
        .select(['id', 'token_id'])
        .where('goods_id', '=', item)
        .where('state', '=', 'sold')
        .execute();
      expect(sold).toHaveLength(10);
      const tokens = await db().selectFrom('tokens').select(['stock_item_id', 'identifier']).where('goods_id', '=', item).execute();
      expect(new Set(tokens.map((t) => t.stock_item_id)).size).toBe(10);
      expect(new Set(tokens.map((t) => t.identifier)).size).toBe(10);
      const user = await db().selectFrom('users').select('balance').where('id', '=', racer.id).executeTakeFirstOrThrow();
      expect(Number(user.balance)).toBe(0);
      expect((await s.get(`/api/goods/detail?id=${item}`, sup)).data).toMatchObject({ stock: 140, sold: 10 });
      await expectBooksBalance(s, sup);
    });

    it('many buyers at once on scarce stock: every item sold once, the others told 409, money intact', async () => {
      const item = await addGoods(s, sup, { title: '稀缺', price: 1, max_qty: 3 });
      await importLines(s, sup, item, phones(25, 8617700000000));
      const buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => s.addCustomer(sup, `scarce_${i}`)));
      for (const b of buyers) await credit(s, sup, b.id, 100);
      const answers = await Promise.all(
        buyers.flatMap((b) =>
          Array.from({ length: 8 }, (_, i) => s.post('/api/order/buy', { goods_id: item, quantity: 1 + (i % 3) }, b.token)),
        ),
      );
      const ok = answers.filter((a) => a.code === 200);
      expect(answers.filter((a) => a.code !== 200 && a.code !== 409)).toEqual([]);
      const units = ok.reduce((n, a) => n + a.data.tokens.length, 0);
      const sold = await db().selectFrom('stock_items').select('id').where('goods_id', '=', item).where('state', '=', 'sold').execute();
      expect(sold).toHaveLength(units);
      const identifiers = ok.flatMap((a) => a.data.tokens.map((t: Record<string, unknown>) => t.identifier));
      expect(new Set(identifiers).size).toBe(units);
      expect(units).toBeLessThanOrEqual(25);
      for (const refused of answers.filter((a) => a.code === 409)) expect(refused.message).toContain('库存不足');
      expect((await s.get(`/api/goods/detail?id=${item}`, sup)).data).toMatchObject({ stock: 25 - units, sold: units });
      await expectBooksBalance(s, sup);
    });
  });
});
