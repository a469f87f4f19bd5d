/**
 * 再次使用此号码 (`POST /api/token/reuse`): after a 号码 got its code and ended, its customer takes the
 * same number again as a new purchase at today's price, within the product's window after the last
 * code; refused (nothing written) when the window has passed, the number went to someone else, the
 * product does not allow it or the phone holding the number is silent. The books balance after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, deliver, expectBooksBalance, importLines } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2026, 2, 3, 1, 0, 0);
const MINUTE = 60_000;

describe.each(dbKinds)('re-using a number on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let buyer: { id: number; token: string };
  let other: { id: number; token: string };
  let next = 8613970000000;

  /** A product with one number of its own; its 号码 bought, given a code and ended by 完成. */
  async function finishedLink(goods: Record<string, unknown> = {}) {
    const id = await addGoods(s, sup, { title: `复用${next}`, price: 1.2, receive_limit: 1, reset_limit: 0, ...goods });
    const number = String(next++);
    await importLines(s, sup, id, [number]);
    const [t] = (await buyOk(s, buyer.token, id, 1)).tokens;
    await deliver(s, number, '验证码 314159');
    expect((await s.post('/api/token/finish', { id: t.id }, buyer.token)).code).toBe(200);
    return { goods: id, link: t, number };
  }
  // The product's row once the job has added the sales' moves to it (server/goods-counts).
  const stockOf = async (goods: number) => {
    expect(await s.app.jobs.runNow('goods-counts')).toBe(true);
    return Number((await s.database.db.selectFrom('goods').select('stock').where('id', '=', goods).executeTakeFirstOrThrow()).stock);
  };
  const balance = async () =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', buyer.id).executeTakeFirstOrThrow()).balance);

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0 });
    sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'reuse_buyer');
    other = await s.addCustomer(sup, 'reuse_other');
    await credit(s, sup, buyer.id, 100);
    await credit(s, sup, other.id, 100);
  });
  afterAll(() => s?.close());

  it('takes the same number again as a new 号码 at the price, and it receives the next code', async () => {
    const { goods, link, number } = await finishedLink();
    const listed = await s.get(`/api/token/detail?id=${link.id}`, buyer.token);
    expect(listed.data.reusable).toBe(true);
    const before = await balance();
    s.clock.advance(5 * MINUTE);
    const r = await s.post('/api/token/reuse', { id: link.id }, buyer.token);
    expect(r.code, r.message).toBe(200);
    expect(r.message).toBe(`已再次使用号码 ${number}，支付 $1.20`);
    expect(r.data.tokens).toHaveLength(1);
    expect(r.data.tokens[0].identifier).toBe(number);
    expect(r.data.tokens[0].id).not.toBe(link.id);
    expect(await balance()).toBe(before - 120);
    expect(await stockOf(goods)).toBe(0);
    const item = await s.database.db
      .selectFrom('stock_items')
      .select(['state', 'token_id'])
      .where('identifier', '=', number)
      .executeTakeFirstOrThrow();
    expect([item.state, Number(item.token_id)]).toEqual(['sold', r.data.tokens[0].id]);

    await deliver(s, number, '验证码 271828');
    const read = await s.get(`/api/code/${r.data.tokens[0].token}`);
    expect(read.data.code).toBe('271828');
    await expectBooksBalance(s, sup);
  });

  it('a used-up 号码 still holding its number ends as it is taken again', async () => {
    const id = await addGoods(s, sup, { title: `复用${next}`, price: 0.5, receive_limit: 1, reset_limit: 0 });
    const number = String(next++);
    await importLines(s, sup, id, [number]);
    const [t] = (await buyOk(s, buyer.token, id, 1)).tokens;
    await deliver(s, number, '验证码 161803');
    const r = await s.post('/api/token/reuse', { id: t.id }, buyer.token);
    expect(r.code, r.message).toBe(200);
    const old = await s.database.db.selectFrom('tokens').select('state').where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(old.state).toBe('finished');
    expect(await stockOf(id)).toBe(0);
    await expectBooksBalance(s, sup);
  });

  it('refuses, changing nothing: a 号码 still waiting, past the window, gone to someone else, not allowed, not yours', async () => {
    const waiting = await addGoods(s, sup, { title: `复用${next}`, price: 1 });
    await importLines(s, sup, waiting, [String(next++)]);
    const [w] = (await buyOk(s, buyer.token, waiting, 1)).tokens;
    const late = await finishedLink({ reuse_minutes: 10 });
    const taken = await finishedLink();
    // The sup puts the released number back on sale and another customer buys it.
    const item = await s.database.db
      .selectFrom('stock_items')
      .select('id')
      .where('identifier', '=', taken.number)
      .executeTakeFirstOrThrow();
    expect((await s.post('/api/stock/enable', { ids: [item.id] }, sup)).code).toBe(200);
    await buyOk(s, other.token, taken.goods, 1);
    const off = await finishedLink({ reuse_minutes: 0 });
    s.clock.advance(10 * MINUTE);

    const before = await s.snapshot();
    const cases: Array<[number, string, string]> = [
      [w.id, buyer.token, '号码仍在接码中，可以继续等待或重提'],
      [late.link.id, buyer.token, '已超过再次使用的时限（最后一次收到验证码后 10 分钟内）'],
      [taken.link.id, buyer.token, '该号码已被其他订单使用'],
      [off.link.id, buyer.token, '该商品不支持再次使用号码'],
      [late.link.id, other.token, '号码不存在'],
    ];
    for (const [id, token, message] of cases) {
      const r = await s.post('/api/token/reuse', { id }, token);
      expect([r.code, r.message], message).toEqual([message === '号码不存在' ? 404 : 409, message]);
    }
    expect(await s.snapshot()).toBe(before);
    expect((await s.get(`/api/token/detail?id=${late.link.id}`, buyer.token)).data.reusable).toBe(false);
  });

  it('the phone holding the number has gone silent: refused as offline', async () => {
    const { link, number } = await finishedLink();
    const device = await s.post('/api/device/add', { name: '复用测试机', sim1: number }, sup);
    expect(device.code, device.message).toBe(200);
    s.clock.advance(s.settings.deviceSilentMs + MINUTE);
    await s.database.db
      .updateTable('tokens')
      .set({ last_code_at: s.clock.now() - MINUTE })
      .where('id', '=', link.id)
      .execute();
    const r = await s.post('/api/token/reuse', { id: link.id }, buyer.token);
    expect([r.code, r.message, r.data?.reason]).toEqual([409, '持有该号码的设备已离线，暂时不能再次使用', 'offline']);
  });
});
