/**
 * Upstream purchases beside everything else: a provider that takes its time holds no database lock
 * (other purchases and the sup's writes go on meanwhile, on SQLite too), many buyers at once on a
 * provider with few numbers each get a number or their money back (the difference stays 0), and a
 * link left 'buying' by a process that died during the call is reconciled once no call is in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, expectBooksBalance, importLines, phones } from '../../helpers/commerce.js';
import { startFakeSmsActivate, type FakeSmsActivate } from '../../helpers/fake-sms-activate.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('upstream purchases at the same time as others on %s', (kind) => {
  let s: TestServer;
  let fake: FakeSmsActivate;
  let sup: string;
  let upstreamGoods: number;
  let stockGoods: number;
  let buyers: { id: number; token: string }[];

  const calls = (action: string) => fake.requests.filter((r) => r.action === action).length;

  beforeAll(async () => {
    fake = await startFakeSmsActivate({ stock: { tg: { count: 100, price: 0.4 } } });
    // A generous timeout: the held call below must not time out, whatever the machine's speed.
    s = await startServer(kind, { settings: { webhookAllowPrivate: true, upstreamTimeoutMs: 60_000 } });
    sup = await s.login(SUP.username, SUP.password);
    const provider = (await s.post('/api/provider/add', { name: '慢上游', base_url: fake.url, api_key: fake.apiKey }, sup)).data.id;
    upstreamGoods = await addGoods(s, sup, { title: '上游 TG', source: 'upstream', provider_id: provider, price: 1 });
    stockGoods = await addGoods(s, sup, { title: '库存 TG', price: 1 });
    await importLines(s, sup, stockGoods, phones(5));
    buyers = [];
    for (let i = 0; i < 12; i++) {
      const b = await s.addCustomer(sup, `crowd_${i}`);
      await credit(s, sup, b.id, 3);
      buyers.push(b);
    }
  });
  afterAll(async () => {
    fake?.release();
    await s?.close();
    await fake?.close();
  });

  it("while the provider holds its answer, other purchases and the sup's writes go through", async () => {
    fake.fault('getNumber', { kind: 'hold' });
    const n = calls('getNumber');
    const slow = s.post('/api/order/buy', { goods_id: upstreamGoods, quantity: 1 }, buyers[0].token);
    await expect.poll(() => calls('getNumber'), { timeout: 20_000 }).toBe(n + 1);
    // The upstream order is already saved and paid while its number is being bought.
    const pending = await s.database.db.selectFrom('tokens').select(['upstream_state']).where('user_id', '=', buyers[0].id).execute();
    expect(pending).toEqual([{ upstream_state: 'buying' }]);
    const other = await buyOk(s, buyers[1].token, stockGoods);
    expect(other.tokens).toHaveLength(1);
    await credit(s, sup, buyers[2].id, 1);
    expect(fake.release()).toBe(1);
    const done = await slow;
    expect(done.code, done.message).toBe(200);
    expect(done.data.tokens[0].identifier).toMatch(/^79\d+$/);
    await expectBooksBalance(s, sup);
  });

  it('twelve buyers at once, five numbers upstream: five links, seven refunds, difference 0', async () => {
    fake.setStock('tg', 5, 0.4);
    const before = calls('getNumber');
    const answers = await Promise.all(buyers.map((b) => s.post('/api/order/buy', { goods_id: upstreamGoods, quantity: 1 }, b.token)));
    const ok = answers.filter((a) => a.code === 200);
    const refused = answers.filter((a) => a.code === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.message).toContain('上游暂无可用号码');
    expect(calls('getNumber') - before).toBe(12);
    const numbers = ok.map((a) => a.data.tokens[0].identifier);
    expect(new Set(numbers).size).toBe(5);
    await expectBooksBalance(s, sup);
  });

  it('a link left buying by a dead process is reconciled, but not while another call is in flight', async () => {
    fake.setStock('tg', 10, 0.4);
    // A process that died during its call: the provider sold the number, the link never heard.
    fake.fault('getNumber', { kind: 'hold' });
    const n = calls('getNumber');
    const lost = s.post('/api/order/buy', { goods_id: upstreamGoods, quantity: 1 }, buyers[3].token);
    await expect.poll(() => calls('getNumber'), { timeout: 20_000 }).toBe(n + 1);
    const link = await s.database.db
      .selectFrom('tokens')
      .selectAll()
      .where('user_id', '=', buyers[3].id)
      .where('upstream_state', '=', 'buying')
      .executeTakeFirstOrThrow();

    await s.app.jobs.runNow('upstream-reconcile');
    expect(
      (await s.database.db.selectFrom('tokens').select('upstream_state').where('id', '=', link.id).executeTakeFirstOrThrow())
        .upstream_state,
    ).toBe('buying');

    // Much later (long past any timeout), as a new process sees it: the call is over, its answer lost.
    s.clock.advance(3 * 60 * 60_000);
    await s.app.jobs.runNow('upstream-reconcile');
    s.clock.reset();
    const after = await s.database.db.selectFrom('tokens').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ state: 'active', upstream_state: 'waiting' });
    expect(after.identifier).toMatch(/^79\d+$/);
    // The held answer arrives at last: the link already has its number, nothing is bought twice.
    fake.release();
    const answer = await lost;
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.tokens[0].identifier).toBe(after.identifier);
    expect(
      await s.database.db.selectFrom('tokens').select(['state', 'upstream_state']).where('id', '=', link.id).executeTakeFirstOrThrow(),
    ).toEqual({ state: 'active', upstream_state: 'waiting' });
    const activations = [...fake.activations.values()].filter((a) => a.phone === after.identifier);
    expect(activations).toHaveLength(1);
    await expectBooksBalance(s, sup);
  });
});
