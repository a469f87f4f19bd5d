import type { Ctx } from '../platform/context.js';
import { fail } from '../platform/http/envelope.js';
import { changeBalance } from '../finance/index.js';
import { orderNo, placeholderNo } from './order-no.js';
import { CLOSED, stateAfterRenewal, MAX_RENEW_DAYS, numbersTakenBack, RENEW_GRACE_MS } from '../links/index.js';
import type { MoneyAudit } from './refund.js';
import { resellerOf, resoldFlat } from '../pricing/index.js';
import { recordProfit } from '../resellers/index.js';

const DAY = 86_400_000;

/** What renewing a link for `days` costs and gives, or why it cannot be renewed (an AppError). */
export async function renewalQuote(ctx: Ctx, userId: number, tokenId: number, days: number) {
  if (!Number.isSafeInteger(days) || days < 1 || days > MAX_RENEW_DAYS) {
    throw fail.badInput(`续费天数应为 1 到 ${MAX_RENEW_DAYS} 的整数`, { days: `续费天数应为 1 到 ${MAX_RENEW_DAYS} 的整数` });
  }
  const token = await ctx.db.selectFrom('tokens').selectAll().where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  if (!token) throw fail.notFound('链接不存在');
  const goods = await ctx.db
    .selectFrom('goods')
    .select(['id', 'title', 'renew_price'])
    .where('id', '=', token.goods_id)
    .executeTakeFirstOrThrow();
  const now = ctx.now();
  if (Number(goods.renew_price) <= 0) throw fail.badInput('该商品不支持续费');
  if (token.kind === 'rent') throw fail.badInput('租用的号码请使用“续租”');
  if ((CLOSED as readonly string[]).includes(token.state))
    throw fail.conflict(token.state === 'finished' ? '该链接已完成，不能续费' : '该链接已退款或已撤销，不能续费');
  if (now > Number(token.expires_at) + RENEW_GRACE_MS) throw fail.conflict('链接已过期超过一天，不能续费');
  if ((await numbersTakenBack(ctx.db, [token])).has(Number(token.id))) throw fail.conflict('该号码已被回收，不能续费');
  const expiresAfter = Math.max(Number(token.expires_at), now) + days * DAY;
  // A day's price is the same for every customer; a reseller's customer pays it resold.
  const reseller = await resellerOf(ctx.db, userId);
  const dayPrice = resoldFlat(reseller, Number(goods.renew_price));
  return { token, goods, dayPrice, amount: dayPrice * days, cost: Number(goods.renew_price) * days, reseller, expiresAfter };
}

/**
 * 续费: pays renew_price x days from the owner's balance (no discounts) for more days on a link,
 * before it expires or within a day after (counted from now when already expired). One transaction:
 * an order of type augment, the conditional update of the link (a refund or another renewal in
 * between makes it a 409), the debit with its ledger row, the augment record (and `inside`, last).
 */
export async function renewLink(ctx: Ctx, userId: number, tokenId: number, days: number, inside?: MoneyAudit) {
  const { token, goods, dayPrice, amount, cost, reseller, expiresAfter } = await renewalQuote(ctx, userId, tokenId, days);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('orders')
      .values({
        order_no: placeholderNo(),
        user_id: userId,
        goods_id: goods.id,
        token_id: token.id,
        type: 'augment',
        quantity: days,
        base_price: dayPrice,
        unit_price: dayPrice,
        rate: 100,
        amount,
        refunded: 0,
        state: 'paid',
        create_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderId = Number(inserted.id);
    const no = orderNo(now, orderId, ctx.settings.timeZone);
    await trx.updateTable('orders').set({ order_no: no }).where('id', '=', orderId).execute();
    const wasExpired = token.state === 'expired' || Number(token.expires_at) <= now;
    const updated = await trx
      .updateTable('tokens')
      .set({ expires_at: expiresAfter, state: wasExpired ? stateAfterRenewal(token) : token.state })
      .where('id', '=', token.id)
      .where('state', '=', token.state)
      .where('expires_at', '=', token.expires_at)
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw fail.conflict('链接状态已变化，请刷新后重试');
    if (token.stock_item_id !== null) {
      await trx
        .updateTable('stock_items')
        .set({ state: 'sold', update_at: now })
        .where('id', '=', token.stock_item_id)
        .where('token_id', '=', token.id)
        .where('state', '=', 'expired')
        .execute();
    }
    const { before, after } = await changeBalance(trx, {
      userId,
      amount: -amount,
      type: 'order',
      refType: 'order',
      refId: orderId,
      now,
      remark: `续费 ${token.identifier} ${days} 天`,
    });
    if (reseller) await recordProfit(trx, { reseller, buyerId: userId, orderId, profit: amount - cost, now });
    await trx
      .insertInto('augment_records')
      .values({
        token_id: token.id,
        user_id: userId,
        goods_id: goods.id,
        identifier: token.identifier,
        order_id: orderId,
        days,
        amount,
        expires_before: Number(token.expires_at),
        expires_after: expiresAfter,
        create_at: now,
      })
      .execute();
    await inside?.(trx, { userId, amount: -amount, before, after, orderId });
    return { orderId, orderNo: no, amount, expiresAt: expiresAfter, balance: after };
  });
}
