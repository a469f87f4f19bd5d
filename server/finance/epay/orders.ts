import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Ctx } from '../../platform/context.js';
import type { DB, EpayOrdersTable } from '../../schema/tables.js';
import { fail } from '../../platform/http/envelope.js';
import { toDollars } from '../../platform/lib/money.js';
import { formatTime } from '../../platform/lib/time.js';
import { epayOpen, readEpayConfig, type EpayConfig } from './config.js';

export type EpayOrder = Selectable<EpayOrdersTable>;

/** Pay orders one customer may open in an hour: enough for retries, too few to flood the gateway. */
const ORDERS_PER_HOUR = 20;
const HOUR = 3_600_000;

/** The CNY to pay, in fen, for `cents` dollars at `rate` fen per dollar: rounded up, never below the dollars' worth. */
export function moneyFor(cents: number, rate: number): number {
  return Math.ceil((cents * rate) / 100);
}

/** Fen as the protocol writes money: yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** `EP` + the day + 10 random digits: unique in practice, and the unique index stops the rare repeat. */
function newOrderNo(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  return `EP${day}${crypto.randomInt(1e9, 1e10)}`;
}

/** Waiting orders past their expiry become expired (all of them, or one). */
export async function expireEpay(db: Kysely<DB>, now: number, id?: number): Promise<void> {
  let q = db
    .updateTable('epay_orders')
    .set({ state: 'expired', update_at: now })
    .where('state', '=', 'waiting')
    .where('expires_at', '<=', now);
  if (id !== undefined) q = q.where('id', '=', id);
  await q.execute();
}

/** A new pay order: `cents` dollars to credit, paid by `type` in CNY at the configured rate. */
export async function createEpayOrder(
  ctx: Ctx,
  userId: number,
  cents: number,
  type: string,
): Promise<{ order: EpayOrder; cfg: EpayConfig }> {
  const cfg = await readEpayConfig(ctx.db, ctx.settings);
  if (!epayOpen(cfg)) throw fail.conflict('支付宝/微信充值暂未开放，请联系客服');
  const payType = cfg.types.find((t) => t === type);
  if (!payType) throw fail.badInput('请选择可用的支付方式', { type: '请选择可用的支付方式' });
  if (cents < cfg.minAmount || cents > cfg.maxAmount) {
    const message = `充值金额应在 ${toDollars(cfg.minAmount).toFixed(2)} 到 ${toDollars(cfg.maxAmount).toFixed(2)} 美元之间`;
    throw fail.badInput(message, { amount: message });
  }
  const now = ctx.now();
  const recent = await ctx.db
    .selectFrom('epay_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('create_at', '>', now - HOUR)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= ORDERS_PER_HOUR) throw fail.tooMany('一小时内新建的充值订单太多，请稍后再试或使用已有订单支付');
  const order = await ctx.db
    .insertInto('epay_orders')
    .values({
      user_id: userId,
      order_no: newOrderNo(now),
      type: payType,
      amount: cents,
      money: moneyFor(cents, cfg.rate),
      state: 'waiting',
      trade_no: null,
      recharge_id: null,
      paid_at: null,
      expires_at: now + cfg.expireMs,
      create_at: now,
      update_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { order, cfg };
}

/** One order as its owner (or staff who handle money) may read it; an overdue one is expired first. */
export async function findEpayOrder(ctx: Ctx, id: number, userId: number | null): Promise<EpayOrder> {
  await expireEpay(ctx.db, ctx.now(), id);
  let q = ctx.db.selectFrom('epay_orders').selectAll().where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  const order = await q.executeTakeFirst();
  if (!order) throw fail.notFound('充值订单不存在');
  return order;
}

/** The customer's cancel of a waiting order. A payment the gateway reports for it afterwards is refused and kept for finance. */
export async function cancelEpayOrder(ctx: Ctx, id: number, userId: number | null): Promise<EpayOrder> {
  const order = await findEpayOrder(ctx, id, userId);
  const now = ctx.now();
  const done = await ctx.db
    .updateTable('epay_orders')
    .set({ state: 'cancelled', update_at: now })
    .where('id', '=', order.id)
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 1) return findEpayOrder(ctx, id, userId);
  const why: Record<string, string> = { paid: '订单已支付，不能取消', expired: '订单已过期，无需取消', cancelled: '订单已取消' };
  throw fail.conflict(why[order.state] ?? '订单当前状态不能取消');
}

/** The answer of create, detail and cancel; `pay_url` and `qrcode` only where the customer still pays. */
export function presentEpayOrder(order: EpayOrder, now: number, tz: string, pay?: { pay_url: string; qrcode?: string | null }) {
  return {
    id: Number(order.id),
    order_no: order.order_no,
    type: order.type,
    amount: toDollars(Number(order.amount)),
    money: toDollars(Number(order.money)),
    state: order.state,
    trade_no: order.trade_no,
    expires_at: formatTime(Number(order.expires_at), tz),
    expires_in: order.state === 'waiting' ? Math.max(0, Math.ceil((Number(order.expires_at) - now) / 1000)) : 0,
    paid_at: formatTime(order.paid_at === null ? null : Number(order.paid_at), tz),
    create_at: formatTime(Number(order.create_at), tz),
    ...(pay && order.state === 'waiting' ? { pay_url: pay.pay_url, qrcode: pay.qrcode ?? null } : {}),
  };
}
