/**
 * 我的API's 进行中 tab: the generic list takes a few values of an exact-match field (the live states)
 * and finds the rows with any of them; a value the field does not have is refused in Chinese. Each
 * row names its app (as the store names it) and country.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('the live tab of the links list on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let buyer: { id: number; token: string };
  let ids: number[] = [];
  let identifiers: string[] = [];

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'tab_buyer');
    await credit(s, sup, buyer.id, 100);
    const goods = await addGoods(s, sup, { title: 'WhatsApp 印尼', service: 'wa', country: 6, receive_limit: 1 });
    await importLines(s, sup, goods, phones(3, 6281200000000));
    const tokens = (await buyOk(s, buyer.token, goods, 3)).tokens as Array<{ id: number; identifier: string }>;
    ids = tokens.map((t) => t.id);
    identifiers = tokens.map((t) => t.identifier);
    // One has its code, one is finished: the third still waits.
    await deliver(s, identifiers[0], '您的验证码 123456');
    await deliver(s, identifiers[1], '您的验证码 654321');
    expect((await s.post('/api/token/finish', { id: ids[1] }, buyer.token)).code).toBe(200);
  });
  afterAll(() => s?.close());

  const list = (body: unknown) => s.post('/api/token/data?page=1&pageSize=20', body, buyer.token);

  it('finds the rows in any of the given states, and every row without the filter', async () => {
    const live = await list({ state: ['active', 'code_received', 'used_up'] });
    expect(live.code, live.message).toBe(200);
    expect(live.data.list.map((r: { id: number }) => r.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(live.data.total).toBe(2);
    const all = await list({});
    expect(all.data.total).toBe(3);
    const one = await list({ state: 'finished' });
    expect(one.data.list.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
  });

  it('names the app and the country of each number', async () => {
    const all = await list({});
    for (const row of all.data.list) expect(row.app).toBe('WhatsApp · 印度尼西亚');
  });

  it('names the app as the sup renamed it in 服务名称, and by its built-in name again once the name is removed', async () => {
    const named = await s.post('/api/service/add', { service: 'wa', name: 'WhatsApp Business', name_cn: '商业版' }, sup);
    expect(named.code, named.message).toBe(200);
    for (const row of (await list({})).data.list) expect(row.app).toBe('WhatsApp Business · 印度尼西亚');
    expect((await s.post('/api/service/del', { ids: [named.data.id] }, sup)).code).toBe(200);
    for (const row of (await list({})).data.list) expect(row.app).toBe('WhatsApp · 印度尼西亚');
  });

  it('refuses a value the field does not have, and too many values, in Chinese', async () => {
    const bad = await list({ state: ['active', 'nonsense'] });
    expect(bad.code).toBe(400);
    expect(bad.message).toMatch(/状态/);
    const many = await list({ state: Array.from({ length: 21 }, () => 'active') });
    expect(many.code).toBe(400);
    expect(many.message).toBe('筛选条件状态最多 20 个值');
  });
});
