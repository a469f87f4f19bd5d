/**
 * 再次使用此号码 while an aggregator holds the number (server/agents: it gets every SMS of the
 * number, so no link may share it): refused with 409 and nothing written, whether the aggregator took
 * the number through another product or through the link's own; allowed again once the aggregator
 * gives it back (SQLite and PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, deliver, expectBooksBalance, importLines } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { AgentCaller, addAggregator, FakeAggregator } from '../../helpers/fake-aggregator.js';

const HELD = '该号码正在被聚合平台使用，暂时不能再次使用';

describe.each(dbKinds)('re-using a number an aggregator holds on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let agg: FakeAggregator;
  let hub: AgentCaller;
  let buyer: { id: number; token: string };

  /** A 号码 of `goods` bought, given a code and ended by 完成: its number may be taken again. */
  async function finishedLink(goods: number, number: string) {
    const [t] = (await buyOk(s, buyer.token, goods, 1)).tokens;
    expect(t.identifier).toBe(number);
    await deliver(s, number, '验证码 314159');
    expect((await s.post('/api/token/finish', { id: t.id }, buyer.token)).code).toBe(200);
    return t;
  }
  const reuse = (id: number) => s.post('/api/token/reuse', { id }, buyer.token);
  const reusable = async (id: number) => (await s.get(`/api/token/detail?id=${id}`, buyer.token)).data.reusable as boolean;

  beforeAll(async () => {
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } });
    sup = await s.login(SUP.username, SUP.password);
    const r = await addAggregator(s, sup, 'SMSHUB');
    agg = r.agg;
    hub = new AgentCaller(r.data.endpoint_url, agg.key);
    buyer = await s.addCustomer(sup, 'reuse_agent_buyer');
    await credit(s, sup, buyer.id, 20);
  });
  afterAll(async () => {
    await s?.close();
    await agg?.close();
  });

  it('refused while the aggregator holds the number through another product; allowed once it is given back', async () => {
    const number = '79005550001';
    const shop = await addGoods(s, sup, { title: 'Telegram 俄罗斯', service: 'tg', country: 0, price: 1 });
    const offered = await addGoods(s, sup, { title: 'WhatsApp 俄罗斯 代售', service: 'wa', country: 0, agent_sell: true });
    await importLines(s, sup, shop, [number]);
    await importLines(s, sup, offered, [number]);
    const link = await finishedLink(shop, number);
    expect(await reusable(link.id)).toBe(true);

    const a = await hub.number({ country: 'russia', service: 'wa' });
    expect([a.json.status, String(a.json.number)]).toEqual(['SUCCESS', number]);
    const before = await s.snapshot();
    const refused = await reuse(link.id);
    expect([refused.code, refused.message]).toEqual([409, HELD]);
    expect(await s.snapshot()).toBe(before);

    // The aggregator cancels (status 4): the number is free, the customer takes it again.
    expect((await hub.finish(a.json.activationId, 4)).json).toEqual({ status: 'SUCCESS' });
    const again = await reuse(link.id);
    expect(again.code, again.message).toBe(200);
    expect(again.data.tokens[0].identifier).toBe(number);
    // Now a link holds it: no aggregator gets it.
    expect((await hub.number({ country: 'russia', service: 'wa' })).json.status).toBe('NO_NUMBERS');
    await expectBooksBalance(s, sup);
  });

  it("refused with the same words when the aggregator took the link's own stock item", async () => {
    const number = '79005550002';
    const goods = await addGoods(s, sup, { title: 'Viber 俄罗斯', service: 'vi', country: 0, price: 1, agent_sell: true });
    await importLines(s, sup, goods, [number]);
    const link = await finishedLink(goods, number);
    // The sup puts the released number back on sale; the aggregator takes it.
    const item = await s.database.db.selectFrom('stock_items').select('id').where('identifier', '=', number).executeTakeFirstOrThrow();
    expect((await s.post('/api/stock/enable', { ids: [item.id] }, sup)).code).toBe(200);
    const a = await hub.number({ country: 'russia', service: 'vi' });
    expect(String(a.json.number)).toBe(number);

    const before = await s.snapshot();
    const refused = await reuse(link.id);
    expect([refused.code, refused.message]).toEqual([409, HELD]);
    expect(await s.snapshot()).toBe(before);
  });
});
