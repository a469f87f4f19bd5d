/**
 * The store's products carry the display names the sup set for their service code (接码中心 → 服务名称):
 * `service_name` and `service_name_cn`, null where none is set. A name saved, changed or removed
 * shows in the very next store answer, for visitors and customers alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('service names in the store on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: { token: string };

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    await addGoods(s, sup, { title: 'Telegram 美国', service: 'tg', country: 187, price: 1, sort: 1 });
    await addGoods(s, sup, { title: 'Telegram 俄罗斯', service: 'tg', country: 0, price: 1, sort: 2 });
    await addGoods(s, sup, { title: '某银行', service: 'xyzbank', price: 1, sort: 3 });
    await addGoods(s, sup, { title: 'WhatsApp', service: 'wa', price: 1, sort: 4 });
    customer = await s.addCustomer(sup, 'names_buyer');
  });
  afterAll(() => s?.close());

  /** Each product's [service, service_name, service_name_cn], as a visitor and as a customer get them. */
  async function names() {
    const seen = [];
    for (const token of [undefined, customer.token]) {
      const r = await s.post('/api/store/data', {}, token);
      expect(r.code, r.message).toBe(200);
      seen.push(r.data.list.map((i: Record<string, unknown>) => [i.service, i.service_name, i.service_name_cn]));
    }
    expect(seen[1]).toEqual(seen[0]);
    return seen[0];
  }

  it("null until the sup names a service; then the sup's names, on every product of that code", async () => {
    expect(await names()).toEqual([
      ['tg', null, null],
      ['tg', null, null],
      ['xyzbank', null, null],
      ['wa', null, null],
    ]);

    const tg = await s.post('/api/service/add', { service: 'tg', name: 'Telegram Premium', name_cn: '电报会员' }, sup);
    expect(tg.code, tg.message).toBe(200);
    const bank = await s.post('/api/service/add', { service: 'xyzbank', name: 'XYZ Bank' }, sup);
    expect(bank.code, bank.message).toBe(200);
    // A name for a code nothing is sold under changes nothing in the store.
    expect((await s.post('/api/service/add', { service: 'ig', name: 'Instagram', name_cn: '照片墙' }, sup)).code).toBe(200);
    expect(await names()).toEqual([
      ['tg', 'Telegram Premium', '电报会员'],
      ['tg', 'Telegram Premium', '电报会员'],
      ['xyzbank', 'XYZ Bank', null],
      ['wa', null, null],
    ]);
    // Searching the store by service code finds the same names.
    const found = await s.post('/api/store/data', { keyword: 'xyzbank' });
    expect(found.data.list.map((i: Record<string, unknown>) => [i.title, i.service_name])).toEqual([['某银行', 'XYZ Bank']]);

    // Changed and removed names show at once.
    expect((await s.post('/api/service/edit', { id: tg.data.id, name_cn: '电报（美区）' }, sup)).code).toBe(200);
    expect((await s.post('/api/service/edit', { id: bank.data.id, name_cn: 'XYZ 银行' }, sup)).code).toBe(200);
    expect(await names()).toEqual([
      ['tg', 'Telegram Premium', '电报（美区）'],
      ['tg', 'Telegram Premium', '电报（美区）'],
      ['xyzbank', 'XYZ Bank', 'XYZ 银行'],
      ['wa', null, null],
    ]);
    expect((await s.post('/api/service/del', { ids: [tg.data.id] }, sup)).code).toBe(200);
    expect(await names()).toEqual([
      ['tg', null, null],
      ['tg', null, null],
      ['xyzbank', 'XYZ Bank', 'XYZ 银行'],
      ['wa', null, null],
    ]);
  });
});
