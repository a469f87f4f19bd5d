/** `POST /api/store/data` with `id`: the one product a visitor chose, at the caller's price, or nothing when it is off sale. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods } from '../../helpers/commerce.js';

describe.each(dbKinds)('one product of the store by its id on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let buyer: { id: number; token: string };
  const ids: number[] = [];

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    // More than the store's first page, so the one wanted is not among the first.
    for (let i = 0; i < 55; i += 1) ids.push(await addGoods(s, sup, { title: `商品 ${i}`, service: `s${i}`, price: 2, sort: i }));
    buyer = await s.addCustomer(sup, 'one_product_buyer');
    const discount = await s.post('/api/discount/add', { user_id: buyer.id, goods_id: ids[54], rate: 0.5 }, sup);
    expect(discount.code, discount.message).toBe(200);
  });
  afterAll(() => s?.close());

  it("answers that product alone, past the first page, at the list price or the caller's own", async () => {
    const open = await s.post('/api/store/data', { id: ids[54] });
    expect(open.code, open.message).toBe(200);
    expect(open.data).toMatchObject({ total: 1, list: [{ id: ids[54], title: '商品 54', price: 2, base_price: 2 }] });
    const mine = await s.post('/api/store/data', { id: ids[54] }, buyer.token);
    expect(mine.data.list).toMatchObject([{ id: ids[54], price: 1 }]);
  });

  it('finds nothing for a product off sale or gone', async () => {
    expect((await s.post('/api/goods/edit', { id: ids[3], on_sale: false }, sup)).code).toBe(200);
    expect((await s.post('/api/store/data', { id: ids[3] })).data).toEqual({ list: [], total: 0 });
    expect((await s.post('/api/store/data', { id: 2_000_000_000 })).data).toEqual({ list: [], total: 0 });
  });

  it('refuses an id that is not a positive whole number, in Chinese', async () => {
    for (const id of [0, -1, 1.5, '7', null, 2 ** 31, 1e20]) {
      const r = await s.post('/api/store/data', { id });
      expect([r.status, r.code], JSON.stringify(id)).toEqual([200, 400]);
      expect(chinese(r.message)).toBe(true);
    }
  });
});
