/**
 * The refunds' previews (`preview: true` on POST /api/token/refund and /api/order/refund): what the
 * sup is shown before confirming is what the refund then pays back, to the customer named, and the
 * preview writes nothing; it is refused for the same reasons as the refund.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, expectBooksBalance, importLines, phones } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('refund previews on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let alice: { id: number; token: string };
  let goodsId: number;

  const db = () => s.database.db;
  const balanceOf = async (id: number) =>
    Number((await db().selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  const ledgerOf = (refType: string, refId: number) =>
    db()
      .selectFrom('ledger')
      .select(['amount', 'type', 'user_id'])
      .where('ref_type', '=', refType)
      .where('ref_id', '=', refId)
      .where('type', '=', 'refund')
      .execute();

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    alice = await s.addCustomer(sup, 'alice');
    await credit(s, sup, alice.id, 50);
    goodsId = await addGoods(s, sup, { title: 'TG 接码', price: 2.5, renew_price: 0.5 });
    await importLines(s, sup, goodsId, phones(10));
  });
  afterAll(() => s?.close());

  it('a link with a renewal: the preview names alice and the amount, writes nothing, and the refund pays exactly that', async () => {
    const bought = await buyOk(s, alice.token, goodsId, 2);
    const link = bought.tokens[0];
    const renewed = await s.post('/api/token/augment', { id: link.id, days: 3 }, alice.token);
    expect(renewed.code, renewed.message).toBe(200);
    expect(renewed.data.amount).toBe(1.5);

    const before = await s.snapshot();
    const preview = await s.post('/api/token/refund', { id: link.id, preview: true }, sup);
    expect(preview.code, preview.message).toBe(200);
    // Its share of the purchase ($2.50) and the renewal ($1.50), back to alice.
    expect(preview.data).toMatchObject({ id: link.id, amount: 4, user_id: alice.id, username: 'alice', identifier: link.identifier });
    expect(await s.snapshot()).toBe(before);
    // Asked as 1 it is a preview too, never a refund.
    expect((await s.post('/api/token/refund', { id: link.id, preview: 1 }, sup)).data.amount).toBe(4);
    expect(await s.snapshot()).toBe(before);

    const balance = await balanceOf(alice.id);
    const refund = await s.post('/api/token/refund', { id: link.id, remark: '号码异常', amount: preview.data.amount }, sup);
    expect(refund.code, refund.message).toBe(200);
    expect(refund.data.amount).toBe(preview.data.amount);
    expect(refund.message).toContain('$4.00');
    expect(await balanceOf(alice.id)).toBe(balance + 400);
    expect(await ledgerOf('token', link.id)).toEqual([{ amount: 400, type: 'refund', user_id: alice.id }]);

    // Refunded: the preview is refused as the refund is, and still writes nothing.
    const after = await s.snapshot();
    const again = await s.post('/api/token/refund', { id: link.id, preview: true }, sup);
    expect(again.code).toBe(409);
    expect(again.message).toBe('该链接已退款或已撤销');
    expect((await s.post('/api/token/refund', { id: link.id, remark: '再退' }, sup)).message).toBe(again.message);
    expect(await s.snapshot()).toBe(after);
    await expectBooksBalance(s, sup);
  });

  it('the refund is refused, nothing written, when the amount shown is no longer what would be paid back', async () => {
    const link = (await buyOk(s, alice.token, goodsId)).tokens[0];
    const shown = (await s.post('/api/token/refund', { id: link.id, preview: true }, sup)).data.amount;
    expect(shown).toBe(2.5);
    // Renewed after the sup was shown $2.50.
    expect((await s.post('/api/token/augment', { id: link.id, days: 1 }, alice.token)).code).toBe(200);
    const before = await s.snapshot();
    const refund = await s.post('/api/token/refund', { id: link.id, remark: '退款', amount: shown }, sup);
    expect(refund.code).toBe(409);
    expect(refund.message).toContain('$3.00');
    expect(await s.snapshot()).toBe(before);
    const fresh = await s.post('/api/token/refund', { id: link.id, preview: true }, sup);
    const paid = await s.post('/api/token/refund', { id: link.id, remark: '退款', amount: fresh.data.amount }, sup);
    expect(paid.data.amount).toBe(3);
    await expectBooksBalance(s, sup);
  });

  it('part of an order: the preview says who, what is left and whether the links stop; the refund agrees', async () => {
    const order = await buyOk(s, alice.token, goodsId, 2);
    const before = await s.snapshot();
    const preview = await s.post('/api/order/refund', { id: order.order_id, amount: 1.2, preview: true }, sup);
    expect(preview.code, preview.message).toBe(200);
    expect(preview.data).toEqual({
      id: order.order_id,
      amount: 1.2,
      refunded: 1.2,
      left: 3.8,
      state: 'partial',
      user_id: alice.id,
      username: 'alice',
      stops_links: false,
    });
    expect(await s.snapshot()).toBe(before);
    const refund = await s.post('/api/order/refund', { id: order.order_id, amount: 1.2, remark: '补偿' }, sup);
    expect(refund.code, refund.message).toBe(200);
    expect(refund.data).toMatchObject({ refunded: preview.data.refunded, left: preview.data.left, state: preview.data.state });
    expect((await ledgerOf('order', order.order_id)).map((r) => r.amount)).toEqual([120]);
    // Alice's 财务明细 names the order and its numbers; the sup's note (补偿) is not hers to read.
    const row = (await s.post('/api/finance/data', { type: 'refund' }, alice.token)).data.list[0];
    const numbers = order.tokens.map((t) => t.identifier).join('、');
    expect(row.remark).toBe(`订单 ${order.order_no} 退款（号码 ${numbers}）`);
    expect(JSON.stringify((await s.post('/api/finance/data', {}, alice.token)).data)).not.toContain('补偿');

    // Too much: the same refusal as the refund, nothing written.
    const snap = await s.snapshot();
    const tooMuch = await s.post('/api/order/refund', { id: order.order_id, amount: 4, preview: true }, sup);
    expect(tooMuch.code).toBe(409);
    expect(tooMuch.message).toBe('退款金额超过可退金额，最多可退 $3.80');
    expect((await s.post('/api/order/refund', { id: order.order_id, amount: 4, remark: '多退' }, sup)).message).toBe(tooMuch.message);
    expect(await s.snapshot()).toBe(snap);

    // The rest: the order is refunded in full and its links stop.
    const rest = await s.post('/api/order/refund', { id: order.order_id, amount: 3.8, preview: true }, sup);
    expect(rest.data).toMatchObject({ amount: 3.8, left: 0, state: 'refunded', stops_links: true });
    expect(await s.snapshot()).toBe(snap);
    await expectBooksBalance(s, sup);
  });

  it('only the sup may preview; bad input is refused with a reason', async () => {
    const link = (await buyOk(s, alice.token, goodsId)).tokens[0];
    expect((await s.post('/api/token/refund', { id: link.id, preview: true }, alice.token)).code).toBe(403);
    expect((await s.post('/api/order/refund', { id: 1, amount: 1, preview: true }, alice.token)).code).toBe(403);
    expect((await s.post('/api/token/refund', { id: 999_999, preview: true }, sup)).code).toBe(404);
    const noAmount = await s.post('/api/order/refund', { id: 1, preview: true }, sup);
    expect(noAmount.code).toBe(400);
    expect(noAmount.message).toBe('请输入退款金额');
    expect((await s.post('/api/token/refund', { id: link.id, preview: true, remark: 'x' }, sup)).code).toBe(400);
  });
});
