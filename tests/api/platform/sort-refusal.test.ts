/**
 * A list sorts only by fields the caller may read: an order by a field a customer cannot see (a base
 * price, stock, sales) would reveal it as surely as the value itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, resources, type ResourceDef } from '../../../resources.config.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods } from '../../helpers/commerce.js';

const customerLists = (Object.entries(resources) as [string, ResourceDef][]).filter(([, def]) => allows(def.access.list, 'customer'));
const hiddenFrom = (def: ResourceDef) =>
  Object.entries(def.fields)
    .filter(([, f]) => f.supOnly || f.writeOnly)
    .map(([name]) => name);
const visibleSorts = (def: ResourceDef) =>
  Object.entries(def.fields)
    .filter(([, f]) => f.sort && !f.supOnly && !f.writeOnly)
    .map(([name]) => name);

describe.each(dbKinds)('sorting by hidden fields on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: { id: number; token: string };

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'sorter');
    await addGoods(s, sup, { title: '便宜', price: 1 });
    await addGoods(s, sup, { title: '贵', price: 9 });
  });
  afterAll(() => s?.close());

  it('the declaration has sortable fields a customer cannot read (the case this guards)', () => {
    const sortableHidden = customerLists.flatMap(([, def]) => hiddenFrom(def).filter((name) => def.fields[name].sort));
    expect(sortableHidden.length).toBeGreaterThan(0);
  });

  for (const [name, def] of customerLists) {
    it(`${name}: a customer cannot sort by a field they cannot read, and can by one they can`, async () => {
      for (const field of hiddenFrom(def)) {
        for (const order of ['asc', 'desc']) {
          const r = await s.post(`/api/${def.api}/data`, { sort: field, order }, customer.token);
          expect(r.code, `${def.api} sort ${field} ${order}`).toBe(400);
          expect(r.message).toContain('不支持的排序字段');
          expect(r.data?.list).toBeUndefined();
        }
      }
      for (const field of visibleSorts(def)) {
        const r = await s.post(`/api/${def.api}/data`, { sort: field, order: 'asc' }, customer.token);
        expect(r.code, `${def.api} sort ${field}: ${r.message}`).toBe(200);
        expect(Array.isArray(r.data.list)).toBe(true);
      }
    });
  }

  it('sup still sorts products by their base price', async () => {
    const r = await s.post('/api/goods/data', { sort: 'price', order: 'desc' }, sup);
    expect(r.code).toBe(200);
    expect(r.data.list.map((g: Record<string, unknown>) => g.title)).toEqual(['贵', '便宜']);
  });
});
