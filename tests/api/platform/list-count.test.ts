/** Lists count at most 10,000 rows, and a deep page holds the same rows as a straight read of them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../../server/platform/crud/routes.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('list counts and deep pages on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: { id: number; token: string };

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'many_rows');
    // Ledger rows written straight in: the list reads them whatever wrote them.
    const rows = Array.from({ length: COUNT_CAP + 50 }, (_, i) => ({
      user_id: customer.id,
      type: 'recharge_manual' as const,
      amount: i + 1,
      balance_before: 0,
      balance_after: 0,
      ref_type: null,
      ref_id: null,
      remark: `第 ${i + 1} 行`,
      create_at: 1_750_000_000_000 + i * 1000,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await s.database.db
        .insertInto('ledger')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  afterAll(() => s?.close());

  it('past 10,000 matching rows the total stops there and says so; below it, the exact count', async () => {
    const all = await s.post('/api/finance/data', {}, customer.token);
    expect(all.data.total).toBe(COUNT_CAP);
    expect(all.data.capped).toBe(true);
    const some = await s.post('/api/finance/data', { remark: '第 99 行' }, customer.token);
    expect(some.data.total).toBe(1);
    expect(some.data).not.toHaveProperty('capped');
  });

  it('a deep page, in any order, holds exactly the rows a straight read finds there', async () => {
    for (const [sort, order] of [
      ['id', 'desc'],
      ['amount', 'asc'],
      ['create_at', 'desc'],
    ] as const) {
      const r = await s.post(`/api/finance/data?page=1990&pageSize=5`, { sort, order }, customer.token);
      const column = sort === 'id' ? 'id' : sort;
      const expected = await s.database.db
        .selectFrom('ledger')
        .select('amount')
        .where('user_id', '=', customer.id)
        .orderBy(column, order)
        .orderBy('id', order)
        .limit(5)
        .offset(1989 * 5)
        .execute();
      expect(
        r.data.list.map((x: { amount: number }) => Math.round(x.amount * 100)),
        `${sort} ${order}`,
      ).toEqual(expected.map((e) => Number(e.amount)));
    }
    // Past the counted rows a page is still served.
    const beyond = await s.post(`/api/finance/data?page=2010&pageSize=5`, {}, customer.token);
    expect(beyond.data.list).toHaveLength(5);
  });
});
