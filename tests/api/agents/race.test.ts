/**
 * The last numbers of a product wanted at once by two aggregators (GET_NUMBER) and the store's
 * customers (a purchase), through two server processes on one database: each number goes to exactly
 * one of them, and the product's counters agree with its stock (SQLite and PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type Caller, type TestServer } from '../../helpers/server.js';
import { addGoods, credit, importLines, phones } from '../../helpers/commerce.js';
import { AgentCaller, countsOf, FakeAggregator } from '../../helpers/fake-aggregator.js';

const NUMBERS = 6;

describe.each(dbKinds)('the last numbers wanted at once on %s', (kind) => {
  let s: TestServer;
  let peer: Caller;
  let sup: string;
  let one: FakeAggregator;
  let two: FakeAggregator;

  beforeAll(async () => {
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } });
    peer = await s.peer();
    sup = await s.login(SUP.username, SUP.password);
    one = await FakeAggregator.start('key-of-one-0001');
    two = await FakeAggregator.start('key-of-two-0002');
  });
  afterAll(async () => {
    await s?.close();
    await one?.close();
    await two?.close();
  });

  it('never hands one number out twice, and sells every number once', async () => {
    const a = await s.post('/api/aggregator/add', { name: '甲', key: one.key, push_url: one.pushUrl }, sup);
    const b = await s.post('/api/aggregator/add', { name: '乙', key: two.key, push_url: two.pushUrl }, sup);
    // Aggregator 甲 calls the first process, 乙 the second.
    const hubA = new AgentCaller(`${s.url}/api/agent/${a.data.id}`, one.key);
    const hubB = new AgentCaller(`${peer.url}/api/agent/${b.data.id}`, two.key);
    const goods = await addGoods(s, sup, { title: 'Viber 俄罗斯', service: 'vi', country: 0, price: 0.5, agent_sell: true });
    await importLines(s, sup, goods, phones(NUMBERS, 79008880000));
    expect(countsOf(await hubA.services())).toEqual({ 'russia/any/vi': NUMBERS });
    const buyers = [];
    for (let i = 0; i < NUMBERS; i++) {
      const c = await s.addCustomer(sup, `race_${kind}_${i}`);
      await credit(s, sup, c.id, 5);
      buyers.push(c);
    }

    const ask = { country: 'russia', service: 'vi' };
    const [fromA, fromB, bought] = await Promise.all([
      Promise.all(Array.from({ length: NUMBERS }, () => hubA.number(ask))),
      Promise.all(Array.from({ length: NUMBERS }, () => hubB.number(ask))),
      Promise.all(buyers.map((c, i) => (i % 2 ? peer : s).post('/api/order/buy', { goods_id: goods, quantity: 1 }, c.token))),
    ]);
    const handed = [...fromA, ...fromB].filter((r) => r.json.status === 'SUCCESS').map((r) => String(r.json.number));
    for (const r of [...fromA, ...fromB]) expect(['SUCCESS', 'NO_NUMBERS']).toContain(r.json.status);
    const sold = bought.filter((r) => r.code === 200).map((r) => r.data.tokens[0].identifier as string);
    for (const r of bought) expect([200, 409]).toContain(r.code);
    const all = [...handed, ...sold];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(phones(NUMBERS, 79008880000).sort());

    const items = await s.database.db
      .selectFrom('stock_items')
      .select(['identifier', 'state', 'token_id'])
      .where('goods_id', '=', goods)
      .execute();
    expect(items.every((i) => i.state === 'sold')).toBe(true);
    expect(
      items
        .filter((i) => i.token_id !== null)
        .map((i) => i.identifier)
        .sort(),
    ).toEqual([...sold].sort());
    const product = (await s.get(`/api/goods/detail?id=${goods}`, sup)).data;
    expect(product.stock).toBe(0);
    const activations = await s.database.db.selectFrom('agent_activations').select('identifier').where('goods_id', '=', goods).execute();
    expect(activations.map((r) => r.identifier).sort()).toEqual([...handed].sort());
    expect(countsOf(await hubB.services())).toEqual({ 'russia/any/vi': 0 });
    // A refused purchase took no money: every buyer who got no number still has their $5.
    for (const [i, r] of bought.entries()) {
      const balance = (await s.post('/api/user/info', {}, buyers[i].token)).data.balance;
      expect(balance).toBe(r.code === 200 ? 4.5 : 5);
    }
  });
});
