/** `/api/token/export` answers at most 50,000 links; when more match, it says the answer was cut. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const LIMIT = 50_000;

describe.each(dbKinds)('/api/token/export limit on %s', (kind) => {
  let s: TestServer;
  let buyer: { id: number; token: string };
  let bought: { id: number; token: string };

  beforeAll(async () => {
    s = await startServer(kind);
    const sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'many_links');
    await credit(s, sup, buyer.id, 10);
    const goods = await addGoods(s, sup, { title: '导出测试', price: 0.1 });
    await importLines(s, sup, goods, phones(1));
    bought = (await buyOk(s, buyer.token, goods)).tokens[0];
    // More links of the same purchase, written straight in: the export reads them whatever wrote them.
    const [row] = await s.database.db.selectFrom('tokens').selectAll().where('id', '=', bought.id).execute();
    const { id: _id, ...template } = row;
    for (let i = 0; i < LIMIT; i += 500) {
      const batch = Array.from({ length: 500 }, (_, j) => ({
        ...template,
        token: `t${String(i + j).padStart(31, '0')}`,
        identifier: `8613${String(i + j).padStart(9, '0')}`,
        ident_key: `k${i + j}`,
      }));
      await s.database.db.insertInto('tokens').values(batch).execute();
    }
  });
  afterAll(() => s?.close());

  it('50,001 matching links: the newest 50,000, and truncated: true', async () => {
    const r = await s.post('/api/token/export', {}, buyer.token);
    expect(r.code).toBe(200);
    expect(r.data.list).toHaveLength(LIMIT);
    expect(r.data.total).toBe(LIMIT);
    expect(r.data.truncated).toBe(true);
    // Newest first: the one bought first is the one left out.
    expect(r.data.list.some((l: Record<string, unknown>) => l.id === bought.id)).toBe(false);
  });

  it('no more than the limit: the whole answer, no truncated flag', async () => {
    const r = await s.post('/api/token/export', { ids: [bought.id] }, buyer.token);
    expect(r.data.list.map((l: Record<string, unknown>) => l.id)).toEqual([bought.id]);
    expect(r.data).not.toHaveProperty('truncated');
  });
});
