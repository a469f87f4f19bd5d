import type { Ctx } from '../../platform/context.js';
import { toDollars } from '../../platform/lib/money.js';
import { audit, type AuditCtx } from '../../audit/index.js';
import { changeBalance } from '../ledger.js';
import { isUniqueViolation } from '../usdt/credit.js';
import { EPAY_TYPES } from '../../../resources.config.js';
import type { EpayOrder } from './orders.js';

/** How a reported payment ended: credited now, credited before (a repeat), or refused with why. */
export type Settled =
  { credited: true; order: EpayOrder } | { credited: false; already: true } | { credited: false; already: false; why: string };

/** The protocol's money (yuan, at most two decimals) in fen, or null when it is not such a number. */
export function fenOf(money: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(money)) return null;
  const [whole, part = ''] = money.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/**
 * A payment the gateway reports (its notification, or its answer when asked): checked against our
 * order (known, not cancelled, the same money) and credited once. The order's state changes only from
 * waiting or expired (a payer who finished just after the expiry has paid all the same), in one
 * transaction with the recharge record, its ledger row and the audit row; two reports at once, in any
 * process, credit once (the conditional update, and the recharge's unique `epay:<order number>`).
 */
export async function settleEpay(
  ctx: Ctx,
  report: { orderNo: string; tradeNo: string; money: string; ip: string | null },
): Promise<Settled> {
  const refused = (why: string): Settled => ({ credited: false, already: false, why });
  const order = await ctx.db.selectFrom('epay_orders').selectAll().where('order_no', '=', report.orderNo).executeTakeFirst();
  if (!order) return refused('未知订单');
  if (order.state === 'paid') return { credited: false, already: true };
  if (order.state === 'cancelled') return refused('订单已取消');
  if (fenOf(report.money) !== Number(order.money))
    return refused(`金额不符：订单 ${(Number(order.money) / 100).toFixed(2)} 元，通知 ${report.money} 元`);
  if (!report.tradeNo || report.tradeNo.length > 64) return refused('缺少支付平台单号');

  const now = ctx.now();
  const who: AuditCtx = {
    dialect: ctx.database.dialect,
    clock: ctx.now,
    actorId: null,
    actorName: '易支付',
    managerId: null,
    ip: report.ip,
  };
  const typeLabel = EPAY_TYPES[order.type as keyof typeof EPAY_TYPES]?.label ?? order.type;
  const remark = `${typeLabel}充值 ${order.order_no}`;
  try {
    const credited = await ctx.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('epay_orders')
        .set({ state: 'paid', trade_no: report.tradeNo, paid_at: now, update_at: now })
        .where('id', '=', order.id)
        .where('state', 'in', ['waiting', 'expired'])
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return false;
      const recharge = await trx
        .insertInto('recharges')
        .values({
          user_id: order.user_id,
          type: 'epay',
          amount: order.amount,
          remark,
          operator_id: null,
          tx_hash: `epay:${order.order_no}`,
          create_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { before, after } = await changeBalance(trx, {
        userId: Number(order.user_id),
        amount: Number(order.amount),
        type: 'recharge_auto',
        refType: 'recharge',
        refId: Number(recharge.id),
        remark,
        now,
      });
      await trx.updateTable('epay_orders').set({ recharge_id: recharge.id }).where('id', '=', order.id).execute();
      await audit(trx, who, {
        action: 'epay.credit',
        category: 'money',
        targetType: 'epay',
        targetId: Number(order.id),
        summary: `${remark} 到账 $${toDollars(Number(order.amount)).toFixed(2)}（支付 ¥${(Number(order.money) / 100).toFixed(2)}，平台单号 ${report.tradeNo}）`,
        before: { user_id: Number(order.user_id), balance: toDollars(before) },
        after: { user_id: Number(order.user_id), balance: toDollars(after) },
      });
      return true;
    });
    if (credited) return { credited: true, order: { ...order, state: 'paid', trade_no: report.tradeNo, paid_at: now } };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  // Someone else changed the order meanwhile: paid (a repeat at the same moment), or cancelled.
  const latest = await ctx.db.selectFrom('epay_orders').select('state').where('id', '=', order.id).executeTakeFirstOrThrow();
  return latest.state === 'paid' ? { credited: false, already: true } : refused('订单状态已变化');
}

/** A report that credited nothing, kept for finance (the gateway is answered `fail`). */
export async function keepRefusal(
  ctx: Ctx,
  r: { orderNo: string | null; tradeNo: string | null; money: string | null; reason: string; ip: string | null },
): Promise<void> {
  const cut = (s: string | null, n: number) => (s === null ? null : s.slice(0, n));
  await ctx.db
    .insertInto('epay_refusals')
    .values({
      out_trade_no: cut(r.orderNo, 64),
      trade_no: cut(r.tradeNo, 64),
      money: cut(r.money, 32),
      reason: r.reason.slice(0, 255),
      ip: cut(r.ip, 64),
      create_at: ctx.now(),
    })
    .execute();
}
