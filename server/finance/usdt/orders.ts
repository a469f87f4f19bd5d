import type { Kysely, Selectable } from 'kysely';
import type { Ctx } from '../../platform/context.js';
import type { DB, UsdtOrdersTable } from '../../schema/tables.js';
import { fail } from '../../platform/http/envelope.js';
import { toDollars } from '../../platform/lib/money.js';
import { formatTime } from '../../platform/lib/time.js';
import { claimAmount, heldAmounts, releaseAmount } from './amounts.js';
import { readConfig } from './config.js';
import { checkOrderLimits, lockCustomer } from './limits.js';
import { cancelledHoldUntil } from './window.js';
import { networkOf, type Chain } from './chains.js';
import { openAddress } from './chain-config.js';

export type Order = Selectable<UsdtOrdersTable>;

/** Waiting orders past their expiry become expired (all of them, or one). */
export async function expireOverdue(db: Kysely<DB>, now: number, id?: number): Promise<void> {
  let q = db
    .updateTable('usdt_orders')
    .set({ state: 'expired', update_at: now })
    .where('state', '=', 'waiting')
    .where('expires_at', '<=', now);
  if (id !== undefined) q = q.where('id', '=', id);
  await q.execute();
}

/** A new pay order for `requested` cents on a chain: a unique amount to send there, the address, the expiry. */
export async function createOrder(ctx: Ctx, userId: number, requested: number, chain: Chain = 'trc20'): Promise<Order> {
  const cfg = await readConfig(ctx.db);
  const address = chain === 'trc20' ? (cfg.enabled ? cfg.address : null) : openAddress(cfg.chains[chain]);
  if (!address) {
    throw fail.conflict(
      chain === 'trc20' ? 'USDT 充值暂未开放，请联系客服' : `${networkOf(chain)} 网络的 USDT 充值暂未开放，请选择其他网络`,
    );
  }
  const pool = { chain, address };
  if (requested < cfg.minAmount || requested > cfg.maxAmount) {
    const message = `充值金额应在 ${toDollars(cfg.minAmount).toFixed(2)} 到 ${toDollars(cfg.maxAmount).toFixed(2)} USDT 之间`;
    throw fail.badInput(message, { amount: message });
  }
  const now = ctx.now();
  const expiresAt = now + cfg.expireMs;
  await expireOverdue(ctx.db, now);
  const held = await heldAmounts(ctx.db, pool, requested, now);
  return ctx.db.transaction().execute(async (trx) => {
    // Counted under the customer's lock: creations at once cannot all see room for one more.
    await lockCustomer(trx, ctx, userId);
    await checkOrderLimits(trx, userId, cfg.ordersPerHour, now);
    const amount = await claimAmount(trx, pool, requested, held, now, expiresAt + cfg.graceMs);
    const order = await trx
      .insertInto('usdt_orders')
      .values({
        user_id: userId,
        amount,
        requested,
        address,
        chain,
        state: 'waiting',
        tx_hash: null,
        from: null,
        block_time: null,
        expires_at: expiresAt,
        cancelled_at: null,
        paid_at: null,
        recharge_id: null,
        create_at: now,
        update_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('usdt_amounts')
      .set({ order_id: order.id })
      .where('chain', '=', chain)
      .where('address', '=', address)
      .where('amount', '=', amount)
      .execute();
    return order;
  });
}

/** One order as its owner (or a sup) may read it; overdue ones are expired first. */
export async function findOrder(ctx: Ctx, id: number, userId: number | null): Promise<Order> {
  await expireOverdue(ctx.db, ctx.now(), id);
  let q = ctx.db.selectFrom('usdt_orders').selectAll().where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  const order = await q.executeTakeFirst();
  if (!order) throw fail.notFound('充值订单不存在');
  return order;
}

/**
 * The customer's cancel: only a waiting order, and only before any payment for it was seen. Its
 * amount goes back to the pool as soon as no payment can be taken for both it and a new order.
 */
export async function cancelOrder(ctx: Ctx, id: number, userId: number | null): Promise<Order> {
  const order = await findOrder(ctx, id, userId);
  const now = ctx.now();
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('usdt_orders')
      .set({ state: 'cancelled', cancelled_at: now, update_at: now })
      .where('id', '=', order.id)
      .where('state', '=', 'waiting')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    await releaseAmount(trx, order.id, cancelledHoldUntil(now));
    return true;
  });
  if (cancelled) return findOrder(ctx, id, userId);
  const latest = await findOrder(ctx, id, userId);
  const why: Record<string, string> = {
    confirming: '已检测到您的付款，正在确认，订单不能取消',
    paid: '订单已支付，不能取消',
    expired: '订单已过期，无需取消',
    cancelled: '订单已取消',
  };
  throw fail.conflict(why[latest.state] ?? '订单当前状态不能取消');
}

/** The answer of create, detail and cancel. `expires_in` counts on the server's clock, so a wrong phone clock cannot skew the countdown. */
export function presentOrder(order: Order, now: number, tz: string) {
  return {
    id: Number(order.id),
    amount: toDollars(Number(order.amount)),
    requested: toDollars(Number(order.requested)),
    address: order.address,
    chain: order.chain,
    network: networkOf(order.chain),
    state: order.state,
    tx_hash: order.tx_hash,
    expires_at: formatTime(Number(order.expires_at), tz),
    expires_in: order.state === 'waiting' ? Math.max(0, Math.ceil((Number(order.expires_at) - now) / 1000)) : 0,
    paid_at: formatTime(order.paid_at === null ? null : Number(order.paid_at), tz),
    create_at: formatTime(Number(order.create_at), tz),
  };
}
