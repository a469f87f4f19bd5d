/**
 * Pages past the counted rows of the sup's whole order list (newest first), which the server starts
 * from a quarter hour whose newer rows it has counted: they hold exactly the rows a straight read
 * finds there, as orders arrive, including ones written late with an earlier time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../../server/platform/crud/routes.js';
import { addGoods } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const DAY = 86_400_000;
const NOON = Date.UTC(2025, 4, 20, 4, 0, 0);
const SIZE = 20;

describe.each(dbKinds)('deep pages of all orders on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: number;
  let goodsId: number;
  let serial = 0;

  /** `n` orders with times spread over [from, to), several sharing a millisecond now and then. */
  const write = async (n: number, from: number, to: number) => {
    const rows = Array.from({ length: n }, (_, i) => {
      const k = serial++;
      return {
        order_no: `D${k}`,
        user_id: customer,
        goods_id: goodsId,
        token_id: null,
        type: 'buy' as const,
        quantity: 1,
        base_price: 100,
        unit_price: 100,
        rate: 100,
        amount: 100 + (k % 50),
        refunded: 0,
        state: 'paid' as const,
        create_at: from + Math.floor(((to - from) * Math.floor(i / 3) * 3) / n),
      };
    });
    for (let i = 0; i < n; i += 500)
      await s.database.db
        .insertInto('orders')
        .values(rows.slice(i, i + 500))
        .execute();
  };

  /** The order numbers of a page as the sup gets it, and as a straight read of the table finds them. */
  const expectPage = async (page: number) => {
    const r = await s.post(`/api/order/data?page=${page}&pageSize=${SIZE}`, {}, sup);
    expect(r.code).toBe(200);
    const straight = await s.database.db
      .selectFrom('orders')
      .select('order_no')
      .orderBy('create_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SIZE)
      .offset((page - 1) * SIZE)
      .execute();
    expect(
      r.data.list.map((o: Record<string, unknown>) => o.order_no),
      `page ${page}`,
    ).toEqual(straight.map((o) => o.order_no));
  };
  const pages = [COUNT_CAP / SIZE + 1, 512, 600, 713, 750];

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: NOON });
    sup = await s.login(SUP.username, SUP.password);
    customer = (await s.addCustomer(sup, 'deep_pages')).id;
    goodsId = await addGoods(s, sup);
  });
  afterAll(() => s?.close());

  it('hold the rows a straight read finds, before and after the counts are made', async () => {
    await write(15_000, NOON - 30 * DAY, NOON - 10 * 60_000);
    for (const page of pages) await expectPage(page);
    const counted = await s.database.db.selectFrom('stat_rollups').select('upto_id').where('name', '=', 'orders').executeTakeFirst();
    expect(Number(counted?.upto_id)).toBeGreaterThan(0);
    for (const page of pages) await expectPage(page);
    // Past the last row: an empty page.
    const beyond = await s.post(`/api/order/data?page=2000&pageSize=${SIZE}`, {}, sup);
    expect(beyond.data.list).toEqual([]);
  });

  it('stay right as new orders arrive, and when one arrives late with an earlier time', async () => {
    await write(40, NOON - 60_000, NOON);
    for (const page of pages) await expectPage(page);
    await write(3, NOON - 20 * DAY, NOON - 20 * DAY + 1000);
    for (const page of pages) await expectPage(page);
    // Later still, with more rows than a tail holds: the counts move on, past the late ones too.
    s.clock.freeze(NOON + 30 * 60_000);
    sup = await s.login(SUP.username, SUP.password);
    await write(6000, NOON - 25 * DAY, NOON + 10 * 60_000);
    for (const page of pages) await expectPage(page);
    for (const page of pages) await expectPage(page);
  });
});
