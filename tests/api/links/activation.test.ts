/**
 * The activation panel's calls: 取消 (`/api/token/cancel`, the protocol's early-cancel window, then a
 * refund of a link with no code), 完成 (`/api/token/finish`, a link that has its code), and the code
 * read a page holds open (`?wait=&seen=`): a 重提 answers it at once with the code cleared and `reset`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, deliver, expectBooksBalance, importLines, phones } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2026, 0, 5, 2, 0, 0);
const WINDOW = 120_000;

describe.each(dbKinds)('activation calls on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let buyer: { id: number; token: string };
  let other: { id: number; token: string };
  let next = 8613900000000;

  async function link(goods: Record<string, unknown> = {}) {
    const id = await addGoods(s, sup, { title: `活动商品${next}`, price: 2, receive_limit: 1, reset_limit: 1, ...goods });
    await importLines(s, sup, id, phones(1, next));
    next += 10;
    return (await buyOk(s, buyer.token, id, 1)).tokens[0];
  }
  const balance = async (userId: number) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance);
  const state = async (id: number) =>
    (await s.database.db.selectFrom('tokens').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0, settings: { handlerCancelAfterMs: WINDOW } });
    sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'panel_buyer');
    other = await s.addCustomer(sup, 'panel_other');
    await credit(s, sup, buyer.id, 100);
  });
  afterAll(() => s?.close());

  it('取消 waits out the early-cancel window, then refunds a link that has no code', async () => {
    const t = await link();
    const before = await balance(buyer.id);
    const early = await s.post('/api/token/cancel', { id: t.id }, buyer.token);
    expect(early.code).toBe(409);
    expect(early.message).toBe('购买后需稍等片刻才能取消，请 120 秒后再试');
    expect(early.data.wait_seconds).toBe(120);
    expect(await state(t.id)).toBe('active');

    // The list tells the console when 取消 opens, so it can count down.
    const row = await s.get(`/api/token/detail?id=${t.id}`, buyer.token);
    expect(row.data.cancel_at).toBe(early.data.cancel_at);

    s.clock.advance(WINDOW);
    const done = await s.post('/api/token/cancel', { id: t.id }, buyer.token);
    expect(done.code, done.message).toBe(200);
    expect(done.message).toBe('已取消，已退款 $2.00');
    expect(done.data.amount).toBe(2);
    expect(await balance(buyer.id)).toBe(before + 200);
    expect(await state(t.id)).toBe('refunded');
    // 财务明细 names the number the refund was for.
    const ledger = (await s.post('/api/finance/data', { type: 'refund' }, buyer.token)).data.list[0];
    expect(ledger).toMatchObject({ type: 'refund', amount: 2, remark: `号码 ${t.identifier}：取消号码（未收到验证码），退款` });
    const again = await s.post('/api/token/cancel', { id: t.id }, buyer.token);
    expect([again.code, again.message]).toEqual([409, '该号码已退款，不能取消']);
    expect(await balance(buyer.id)).toBe(before + 200);
    await expectBooksBalance(s, sup);
  });

  it('once a code came, 取消 is refused and 完成 ends the link without a refund', async () => {
    const t = await link();
    s.clock.advance(WINDOW);
    const notYet = await s.post('/api/token/finish', { id: t.id }, buyer.token);
    expect([notYet.code, notYet.message]).toEqual([409, '还没有收到验证码，不能完成；不需要了可以点“取消”退款']);
    await deliver(s, t.identifier, '您的验证码是 482910');
    const before = await balance(buyer.id);
    const refused = await s.post('/api/token/cancel', { id: t.id }, buyer.token);
    expect([refused.code, refused.message]).toEqual([409, '已收到验证码，不能取消退款；用完后请点“完成”']);
    const done = await s.post('/api/token/finish', { id: t.id }, buyer.token);
    expect([done.code, done.message]).toEqual([200, '已完成，号码已结束接码']);
    expect(await state(t.id)).toBe('finished');
    expect(await balance(buyer.id)).toBe(before);
    const twice = await s.post('/api/token/finish', { id: t.id }, buyer.token);
    expect([twice.code, twice.message]).toEqual([409, '该号码已完成']);
  });

  it("a link tells its product's country and service, so the console can show the number's dialling prefix apart", async () => {
    const t = await link({ country: 6, service: 'wa' });
    const row = await s.get(`/api/token/detail?id=${t.id}`, buyer.token);
    expect(row.data).toMatchObject({ country: 6, service: 'wa' });
    const page = await s.post('/api/token/data', {}, buyer.token);
    expect(page.data.list.find((r: { id: number }) => r.id === t.id)).toMatchObject({ country: 6, service: 'wa' });
  });

  it("another customer's link is not found by either call, and nothing changes", async () => {
    const t = await link();
    s.clock.advance(WINDOW);
    const before = await s.snapshot();
    for (const path of ['/api/token/cancel', '/api/token/finish']) {
      const r = await s.post(path, { id: t.id }, other.token);
      expect([r.code, r.message]).toEqual([404, '号码不存在']);
    }
    expect(await s.snapshot()).toBe(before);
    const bad = await s.post('/api/token/cancel', { id: 'x' }, buyer.token);
    expect(bad.code).toBe(400);
  });

  it('a page holding the read with the code it shows is answered at once by 重提, with the code cleared', async () => {
    const t = await link({ receive_limit: 1, reset_limit: 2, code_wait_minutes: 10 });
    const fresh = await s.get(`/api/code/${t.token}`);
    expect(fresh.data.refund_at).not.toBeNull();
    expect(fresh.data.product).toMatch(/^活动商品/);
    await deliver(s, t.identifier, '验证码 551177');
    const shown = await s.get(`/api/code/${t.token}`);
    expect(shown.data).toMatchObject({ code: '551177', state: 'used_up', reset: false, refund_at: null });

    // Held for up to 30 s while the page still shows 551177; the 重提 answers it.
    const held = s.get(`/api/code/${t.token}?wait=30&seen=551177`);
    await new Promise((r) => setTimeout(r, 200));
    const reset = await s.post('/api/token/reset', { id: t.id }, buyer.token);
    expect(reset.code, reset.message).toBe(200);
    const after = await held;
    expect(after.data).toMatchObject({ code: null, text: null, state: 'active', reset: true });
  });
});
