/** The sup's bulk work on products: 上架 / 下架 and a new price for the ticked ones, and a stock import that skips bad lines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods } from '../../helpers/commerce.js';

describe.each(dbKinds)('bulk product changes and stock import with bad lines on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let operator: string;
  let finance: string;
  const db = () => s.database.db;
  const goodsRows = (ids: number[]) =>
    db().selectFrom('goods').select(['id', 'on_sale', 'price']).where('id', 'in', ids).orderBy('id').execute();
  const auditOf = (ids: number[]) =>
    db()
      .selectFrom('audit')
      .select(['action', 'target_id', 'summary'])
      .where('action', '=', 'goods.edit')
      .where('target_id', 'in', ids)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    for (const role of ['operator', 'finance'] as const) {
      const added = await s.post('/api/user/add', { username: `bulk_${role}`, password: 'Staff-pass-1', type: 'sup', role }, sup);
      expect(added.code, added.message).toBe(200);
    }
    operator = await s.login('bulk_operator', 'Staff-pass-1');
    finance = await s.login('bulk_finance', 'Staff-pass-1');
  });
  afterAll(() => s?.close());

  describe('bulk 上架 / 下架 and price', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      for (const title of ['批量一', '批量二', '批量三']) ids.push(await addGoods(s, sup, { title, price: 1.5 }));
    });

    it('下架 takes every ticked product off sale (gone from the store), each with its audit row; 上架 puts them back', async () => {
      const off = await s.post('/api/goods/bulk', { ids, on_sale: false }, operator);
      expect(off.code, off.message).toBe(200);
      expect(off.data).toEqual({ changed: 3 });
      expect(off.message).toBe('已将 3 个商品下架');
      expect((await goodsRows(ids)).map((g) => Number(g.on_sale))).toEqual([0, 0, 0]);
      const store = (await s.post('/api/store/data', {})).data.list.map((g: Record<string, unknown>) => g.id);
      for (const id of ids) expect(store).not.toContain(id);
      const rows = await auditOf(ids);
      expect(rows.map((r) => Number(r.target_id))).toEqual(ids);
      expect(rows[0].summary).toContain('on_sale');

      const on = await s.post('/api/goods/bulk', { ids: ids.slice(0, 2), on_sale: true }, sup);
      expect(on.message).toBe('已将 2 个商品上架');
      expect((await goodsRows(ids)).map((g) => Number(g.on_sale))).toEqual([1, 1, 0]);
    });

    it('a new price for every ticked product, in cents; a product already at that price gets no audit row', async () => {
      await s.post('/api/goods/edit', { id: ids[2], price: 2.25 }, sup);
      const before = (await auditOf(ids)).length;
      const r = await s.post('/api/goods/bulk', { ids, price: '2.25' }, sup);
      expect(r.code, r.message).toBe(200);
      expect(r.message).toBe('已将 3 个商品价格改为 $2.25');
      expect((await goodsRows(ids)).map((g) => Number(g.price))).toEqual([225, 225, 225]);
      expect((await auditOf(ids)).length).toBe(before + 2);
      expect((await s.get(`/api/goods/detail?id=${ids[0]}`, sup)).data.price).toBe(2.25);
    });

    it('bad prices and mixed requests are refused in Chinese, nothing written', async () => {
      const snapshot = await s.snapshot();
      for (const body of [
        { ids, price: 0 },
        { ids, price: -1 },
        { ids, price: 1.005 },
        { ids, price: 'abc' },
        { ids, price: 100_001 },
        { ids, on_sale: true, price: 1 },
        { ids },
        { ids, on_sale: 'yes' },
      ]) {
        const r = await s.post('/api/goods/bulk', body, sup);
        expect(r.code, JSON.stringify(body)).toBe(400);
        expect(chinese(r.message)).toBe(true);
      }
      const price = await s.post('/api/goods/bulk', { ids, price: 0 }, sup);
      expect(price.data.errors.price).toBe('价格不能小于 0.01');
      expect(await s.snapshot()).toBe(snapshot);
    });

    it('one transaction: a ticked product that no longer exists refuses the whole change', async () => {
      const snapshot = await s.snapshot();
      const r = await s.post('/api/goods/bulk', { ids: [...ids, 999_999], price: 9 }, sup);
      expect(r.code).toBe(404);
      expect(r.message).toContain('未做任何修改');
      expect(await s.snapshot()).toBe(snapshot);
    });

    it('refused by the server for a staff role without the catalog grant, and for customers', async () => {
      const snapshot = await s.snapshot();
      const customer = await s.addCustomer(sup, 'bulk_customer');
      const afterCustomer = await s.snapshot();
      expect(afterCustomer).not.toBe(snapshot);
      for (const token of [finance, customer.token]) {
        const r = await s.post('/api/goods/bulk', { ids, on_sale: false }, token);
        expect(r.code).toBe(403);
        expect(chinese(r.message)).toBe(true);
      }
      expect(await s.snapshot()).toBe(afterCustomer);
    });
  });

  describe('stock import with 跳过错误行', () => {
    let goods: number;
    const text = ['8613711111111', 'not-a-phone', '', '+8613722222222----备注', '12', '8613711111111'].join('\n');
    beforeAll(async () => {
      goods = await addGoods(s, sup, { title: '跳过错误行' });
    });

    it('without the option, any bad line refuses the whole import: each bad line with its number, text and why; nothing written', async () => {
      const snapshot = await s.snapshot();
      const r = await s.post('/api/stock/import', { goods_id: goods, text }, sup);
      expect(r.code).toBe(400);
      expect(r.message).toContain('未导入任何数据');
      expect(r.data.errors).toEqual([
        { line: 2, text: 'not-a-phone', message: expect.stringContaining('号码格式不正确') },
        { line: 5, text: '12', message: expect.stringContaining('号码格式不正确') },
        { line: 6, text: '8613711111111', message: '与第 1 行重复' },
      ]);
      expect(await s.snapshot()).toBe(snapshot);
    });

    it('with it, the good lines go in and the bad ones come back listed', async () => {
      const r = await s.post('/api/stock/import', { goods_id: goods, text, skip_bad: true }, sup);
      expect(r.code, r.message).toBe(200);
      expect(r.data).toMatchObject({ added: 2, updated: 0, skipped: 0 });
      expect(r.data.bad.map((e: Record<string, unknown>) => [e.line, e.text])).toEqual([
        [2, 'not-a-phone'],
        [5, '12'],
        [6, '8613711111111'],
      ]);
      expect(r.message).toContain('跳过错误行 3 行');
      const items = (await s.post('/api/stock/data', { goods_id: goods, sort: 'id', order: 'asc' }, sup)).data.list;
      expect(items.map((i: Record<string, unknown>) => [i.identifier, i.extra])).toEqual([
        ['8613711111111', null],
        ['+8613722222222', '备注'],
      ]);
      expect((await s.get(`/api/goods/detail?id=${goods}`, sup)).data.stock).toBe(2);
      const row = await db()
        .selectFrom('audit')
        .select('summary')
        .where('action', '=', 'stock.import')
        .where('target_id', '=', goods)
        .executeTakeFirstOrThrow();
      expect(row.summary).toContain('跳过错误行 3');
    });

    it('with it and no good line at all, the import is refused and nothing written', async () => {
      const snapshot = await s.snapshot();
      const r = await s.post('/api/stock/import', { goods_id: goods, text: 'abc\n12', skip_bad: true }, sup);
      expect(r.code).toBe(400);
      expect(r.message).toContain('没有可导入的正确行');
      expect(r.data.errors).toHaveLength(2);
      expect(await s.snapshot()).toBe(snapshot);
    });
  });
});
