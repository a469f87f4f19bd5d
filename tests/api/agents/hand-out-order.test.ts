/**
 * GET_NUMBER hands out the oldest number that can be sold now, across every product offered under
 * the asked names, passing over the numbers the store sold first (SQLite and PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { AgentCaller, addAggregator, FakeAggregator } from '../../helpers/fake-aggregator.js';

describe.each(dbKinds)('the order of hand-outs on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let agg: FakeAggregator;
  let hub: AgentCaller;

  beforeAll(async () => {
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } });
    sup = await s.login(SUP.username, SUP.password);
    const r = await addAggregator(s, sup, 'SMSHUB');
    agg = r.agg;
    hub = new AgentCaller(r.data.endpoint_url, agg.key);
  });
  afterAll(async () => {
    await s?.close();
    await agg?.close();
  });

  it('oldest first across two products offered under one name, the sold ones passed over', async () => {
    const one = await addGoods(s, sup, { title: 'Telegram 俄罗斯 一', service: 'tg', country: 0, agent_sell: true });
    const two = await addGoods(s, sup, { title: 'Telegram 俄罗斯 二', service: 'tg', country: 0, agent_sell: true });
    // Stocked in this order: 01, 02 into the first, 03 into the second, 04 into the first.
    await importLines(s, sup, one, ['79006660001', '79006660002']);
    await importLines(s, sup, two, ['79006660003']);
    await importLines(s, sup, one, ['79006660004']);
    const buyer = await s.addCustomer(sup, `order_${kind}`);
    await credit(s, sup, buyer.id, 10);
    expect((await buyOk(s, buyer.token, one, 1)).tokens[0].identifier).toBe('79006660001');

    const handed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await hub.number({ country: 'russia', service: 'tg' });
      handed.push(a.json.status === 'SUCCESS' ? String(a.json.number) : a.json.status);
    }
    expect(handed).toEqual(['79006660002', '79006660003', '79006660004', 'NO_NUMBERS']);
  });
});
