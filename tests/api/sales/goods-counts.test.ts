/**
 * A product's sold and stock counts: a purchase writes a move instead of updating the product's row
 * (server/goods-counts), the job adds the moves to the row, and every screen reads the counts as they
 * stand, before the job ran and while it runs beside purchases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, ctxOf, expectBooksBalance, importLines, phones } from '../../helpers/commerce.js';
import { foldMoves } from '../../../server/goods-counts/index.js';
import { buy, type GoodsRow } from '../../../server/sales/index.js';
import { userPricing } from '../../../server/pricing/index.js';
import { AppError } from '../../../server/platform/http/envelope.js';

describe.each(dbKinds)('product counts on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  const db = () => s.database.db;
  const row = (id: number) => db().selectFrom('goods').select(['stock', 'sold']).where('id', '=', id).executeTakeFirstOrThrow();
  const moves = (id: number) => db().selectFrom('goods_moves').selectAll().where('goods_id', '=', id).execute();
  const available = async (id: number) =>
    (await db().selectFrom('stock_items').select('id').where('goods_id', '=', id).where('state', '=', 'available').execute()).length;

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());

  it("a purchase leaves the product's row alone; the store, the quote, the detail and the list show the counts as they stand, before and after the job", async () => {
    const goods = await addGoods(s, sup, { title: '计数', price: 1, max_qty: 5 });
    await importLines(s, sup, goods, phones(10, 8613900000000));
    const buyer = await s.addCustomer(sup, 'counts_buyer');
    await credit(s, sup, buyer.id, 20);
    await buyOk(s, buyer.token, goods, 2);
    await buyOk(s, buyer.token, goods, 1);

    expect(await row(goods)).toMatchObject({ stock: 10, sold: 0 });
    expect((await moves(goods)).map((m) => [Number(m.sold), Number(m.stock)])).toEqual([
      [2, -2],
      [1, -1],
    ]);
    const shown = async () => {
      const store = (await s.post('/api/store/data', { keyword: '计数' })).data.list[0];
      const quote = (await s.post('/api/order/quote', { goods_id: goods, quantity: 1 }, buyer.token)).data;
      const detail = (await s.get(`/api/goods/detail?id=${goods}`, sup)).data;
      const listed = (await s.post('/api/goods/data', { title: '计数' }, sup)).data.list.find((g: { id: number }) => g.id === goods);
      return { store: store.stock, quote: quote.stock, detail: [detail.stock, detail.sold], list: [listed.stock, listed.sold] };
    };
    const expected = { store: 7, quote: 7, detail: [7, 3], list: [7, 3] };
    expect(await shown()).toEqual(expected);

    expect(await s.app.jobs.runNow('goods-counts')).toBe(true);
    expect(await row(goods)).toMatchObject({ stock: 7, sold: 3 });
    expect(await moves(goods)).toEqual([]);
    expect(await shown()).toEqual(expected);
    expect(await available(goods)).toBe(7);
  });

  it('a product taken off sale while a purchase ran (its row read on sale) sells nothing: 400, nothing written, no move', async () => {
    const goods = await addGoods(s, sup, { title: '下架竞态', price: 1 });
    await importLines(s, sup, goods, phones(3, 8613920000000));
    const buyer = await s.addCustomer(sup, 'off_sale_race');
    await credit(s, sup, buyer.id, 5);
    const read = { goods: (await db().selectFrom('goods').selectAll().where('id', '=', goods).executeTakeFirstOrThrow()) as GoodsRow };
    expect((await s.post('/api/goods/edit', { id: goods, on_sale: false }, sup)).code).toBe(200);
    const before = await s.snapshot();
    // The purchase as it runs when it read the product just before the sup's change committed.
    const refused = await buy(ctxOf(s), buyer.id, goods, 1, { read: { ...read, pricing: await userPricing(db(), buyer.id) } }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe('该商品已下架');
    expect(await s.snapshot()).toBe(before);
    expect(await moves(goods)).toEqual([]);
  });

  it('purchases and folds at once: no move lost or counted twice, the counts equal the stock and the links', async () => {
    const goods = await addGoods(s, sup, { title: '并发计数', price: 1, max_qty: 3 });
    await importLines(s, sup, goods, phones(60, 8613910000000));
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => s.addCustomer(sup, `fold_${i}`)));
    for (const b of buyers) await credit(s, sup, b.id, 100);
    const ctx = ctxOf(s);
    let buying = true;
    const folding = (async () => {
      let rounds = 0;
      while (buying || rounds < 2) {
        await foldMoves(ctx);
        rounds += 1;
        // A round on SQLite never waits on I/O: the purchases' requests get their turn between rounds.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all(
      buyers.flatMap((b) =>
        Array.from({ length: 8 }, (_, i) => s.post('/api/order/buy', { goods_id: goods, quantity: 1 + (i % 3) }, b.token)),
      ),
    );
    buying = false;
    await folding;
    await foldMoves(ctx);
    expect(answers.filter((a) => a.code !== 200 && a.code !== 409)).toEqual([]);
    const units = answers.filter((a) => a.code === 200).reduce((n, a) => n + a.data.tokens.length, 0);
    const links = await db().selectFrom('tokens').select('id').where('goods_id', '=', goods).execute();
    expect(links).toHaveLength(units);
    expect(await moves(goods)).toEqual([]);
    expect(await row(goods)).toMatchObject({ stock: 60 - units, sold: units });
    expect(await available(goods)).toBe(60 - units);
    await expectBooksBalance(s, sup);
  });
});
