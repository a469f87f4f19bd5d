import { sql, type Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB, TokensTable } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { changeBalance } from '../finance/index.js';
import { toDollars } from '../platform/lib/money.js';
import { LIVE, codeSignal } from '../links/index.js';
import { reverseProfit } from '../resellers/index.js';

type Trx = Kysely<DB>;

/** A refund route's body asking for its preview (`preview: true`) rather than the refund. */
export function isPreview(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { preview } = body as Record<string, unknown>;
  // Any true value the field accepts, so a preview asked as 1 never becomes a refund.
  return preview === true || preview === 1;
}

/** An order's row, locked for the rest of the transaction on PostgreSQL (SQLite writes run alone). */
async function lockOrder(trx: Trx, ctx: Ctx, id: number) {
  let q = trx.selectFrom('orders').selectAll().where('id', '=', id);
  if (ctx.database.dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Adds `cents` to an order's refunded amount in one conditional update: never past what was paid,
 * whatever runs at the same time, and takes back a reseller's profit on that part. A purchase paid
 * back in full revokes its links that are still live. Undefined when the order does not exist or has
 * less than `cents` left.
 */
async function addRefund(trx: Trx, ctx: Ctx, orderId: number, cents: number) {
  const order = await trx
    .updateTable('orders')
    .set((eb) => ({
      refunded: eb('refunded', '+', cents),
      state: sql<
        'refunded' | 'partial'
      >`case when ${eb.ref('refunded')} + ${cents} >= ${eb.ref('amount')} then 'refunded' else 'partial' end`,
    }))
    .where('id', '=', orderId)
    .where((eb) => eb(eb('refunded', '+', cents), '<=', eb.ref('amount')))
    .returning(['id', 'user_id', 'type', 'amount', 'refunded', 'state'])
    .executeTakeFirst();
  // A reseller's profit on the order gives back the refunded part's share.
  if (order) await reverseProfit(trx, ctx, { id: orderId, amount: Number(order.amount), refunded: Number(order.refunded) });
  if (order?.state === 'refunded' && order.type === 'buy') {
    const revoked = await trx
      .updateTable('tokens')
      .set({ state: 'revoked' })
      .where('order_id', '=', orderId)
      .where('state', 'in', [...LIVE, 'expired'])
      .returning('id')
      .execute();
    await afterSale(
      trx,
      ctx,
      revoked.map((t) => Number(t.id)),
    );
  }
  return order;
}

/** The numbers behind links that were revoked or refunded go to after-sale for the sup to look at. */
async function afterSale(trx: Trx, ctx: Ctx, tokenIds: number[]) {
  if (!tokenIds.length) return;
  await trx
    .updateTable('stock_items')
    .set({ state: 'after_sale', update_at: ctx.now() })
    .where('token_id', 'in', tokenIds)
    .where('state', 'in', ['sold', 'expired'])
    .execute();
}

/**
 * An order after `cents` more are refunded, or the reason it cannot be: the refund (when its
 * conditional update refuses) and its preview both ask here, so they say the same.
 */
function orderAfterRefund(order: { amount: number | string; refunded: number | string } | undefined, cents: number) {
  if (!order) throw fail.notFound('订单不存在');
  const left = Number(order.amount) - Number(order.refunded);
  if (left <= 0) throw fail.conflict('该订单已全额退款');
  if (cents > left) throw fail.conflict(`退款金额超过可退金额，最多可退 $${toDollars(left).toFixed(2)}`);
  const refunded = Number(order.refunded) + cents;
  return { refunded, left: left - cents, state: refunded >= Number(order.amount) ? 'refunded' : 'partial' };
}

/**
 * Runs last in a transaction that moves a balance (the audit row of the change), with whose balance
 * moved, by how much (signed: a debit is negative), and the order it paid when there is one.
 */
export type MoneyAudit = (
  trx: Kysely<DB>,
  change: { userId: number; amount: number; before: number | null; after: number | null; orderId?: number },
) => Promise<void>;
export type RefundAudit = MoneyAudit;

/** How many of an order's numbers its refund row names before saying 等. */
const NAMED_NUMBERS = 3;

/**
 * The refund row's words as the customer reads them in 财务明细: the order and the numbers it paid
 * for. The sup's own note is kept in the audit trail, never in the customer's ledger.
 */
async function orderRefundRemark(trx: Trx, orderId: number): Promise<string> {
  const order = await trx.selectFrom('orders').select(['order_no', 'type', 'token_id']).where('id', '=', orderId).executeTakeFirst();
  if (!order) return '订单退款';
  let numbers = trx
    .selectFrom('tokens')
    .select('identifier')
    .orderBy('id')
    .limit(NAMED_NUMBERS + 1);
  numbers =
    order.type === 'augment' && order.token_id !== null
      ? numbers.where('id', '=', order.token_id)
      : numbers.where('order_id', '=', orderId);
  const found = (await numbers.execute()).map((t) => t.identifier);
  const named = found.slice(0, NAMED_NUMBERS).join('、') + (found.length > NAMED_NUMBERS ? ' 等' : '');
  return (found.length ? `订单 ${order.order_no} 退款（号码 ${named}）` : `订单 ${order.order_no} 退款`).slice(0, 255);
}

/** Part (or all) of an order, by the sup: a refund ledger row naming the order and its numbers, and the order's refunded amount. */
export async function refundOrder(ctx: Ctx, orderId: number, cents: number, inside?: RefundAudit) {
  return ctx.db.transaction().execute(async (trx) => {
    const remark = await orderRefundRemark(trx, orderId);
    const order = await addRefund(trx, ctx, orderId, cents);
    if (!order) {
      orderAfterRefund(await trx.selectFrom('orders').select(['amount', 'refunded']).where('id', '=', orderId).executeTakeFirst(), cents);
      throw fail.conflict('退款失败，请刷新后重试');
    }
    const { before, after } = await changeBalance(trx, {
      userId: Number(order.user_id),
      amount: cents,
      type: 'refund',
      refType: 'order',
      refId: orderId,
      remark,
      now: ctx.now(),
    });
    await inside?.(trx, { userId: Number(order.user_id), amount: cents, before, after });
    return { refunded: Number(order.refunded), left: Number(order.amount) - Number(order.refunded), state: order.state, balance: after };
  });
}

/** What refunding `cents` of an order would do, read only: who gets it, what is left, whether its links stop. */
export async function previewOrderRefund(ctx: Ctx, orderId: number, cents: number) {
  const order = await ctx.db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.amount', 'o.refunded', 'o.type', 'o.user_id', 'u.username'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  const after = orderAfterRefund(order, cents);
  return {
    amount: cents,
    ...after,
    userId: Number(order!.user_id),
    username: order!.username,
    stopsLinks: after.state === 'refunded' && order!.type === 'buy',
  };
}

/** Link states a whole-link refund accepts. */
const REFUNDABLE: readonly TokensTable['state'][] = [...LIVE, 'expired'];

/**
 * What refunding a whole link pays back, per order: its share of the purchase (the unit price, or
 * what is left of the order when less) and what is left of every renewal paid for it. The refund
 * (`lock`: under its transaction's row locks) and its preview both count here, so they agree.
 */
async function linkRefundParts(db: Trx, ctx: Ctx, tokenId: number, orderId: number, lock: boolean) {
  const read = (id: number) =>
    lock ? lockOrder(db, ctx, id) : db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  const left = (o: { amount: number | string; refunded: number | string }) => Number(o.amount) - Number(o.refunded);
  const parts: { orderId: number; cents: number }[] = [];
  const purchase = await read(orderId);
  const share = purchase ? Math.min(Number(purchase.unit_price), left(purchase)) : 0;
  if (share > 0) parts.push({ orderId, cents: share });
  const renewals = await db
    .selectFrom('orders')
    .select('id')
    .where('token_id', '=', tokenId)
    .where('type', '=', 'augment')
    .orderBy('id')
    .execute();
  for (const { id } of renewals) {
    const renewal = await read(Number(id));
    const rest = renewal ? left(renewal) : 0;
    if (rest > 0) parts.push({ orderId: Number(id), cents: rest });
  }
  return parts;
}

/** What refunding a whole link would pay back and to whom, read only; refused as the refund would be. */
export async function previewLinkRefund(ctx: Ctx, tokenId: number) {
  const token = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.state', 't.order_id', 't.identifier', 't.user_id', 'u.username'])
    .where('t.id', '=', tokenId)
    .executeTakeFirst();
  if (!token) throw fail.notFound('链接不存在');
  if (!REFUNDABLE.includes(token.state)) throw fail.conflict('该链接已退款或已撤销');
  const parts = await linkRefundParts(ctx.db, ctx, tokenId, Number(token.order_id), false);
  const amount = parts.reduce((sum, p) => sum + p.cents, 0);
  if (!amount) throw fail.conflict('该链接的款项已全部退还');
  return { amount, userId: Number(token.user_id), username: token.username, identifier: token.identifier };
}

/**
 * A whole link: its share of the purchase (the unit price, or what is left of the order when less)
 * and every renewal paid for it, back to the owner in one ledger row; the link ends as refunded and
 * its number goes to after-sale. `auto` is the sweep's refund of a link that never received a
 * code: it only acts while that is still true, and answers null when it is not (nothing done).
 * `noCode` is a customer's cancel through the SMS-Activate protocol: the same condition on the code
 * (whatever arrives meanwhile), on a live link, at any time. `expect` is the amount the sup was
 * shown (its preview): a different amount now refuses the refund, nothing done. `remark` is the
 * customer's reading of why (财务明细 shows it after the number), never a staff-only note.
 */
export async function refundLink(
  ctx: Ctx,
  tokenId: number,
  opts: { remark: string; auto?: boolean; noCode?: boolean; expect?: number; rentStartedAfter?: number; inside?: RefundAudit },
) {
  const known = await ctx.db.selectFrom('tokens').select('order_id').where('id', '=', tokenId).executeTakeFirst();
  if (!known) throw fail.notFound('链接不存在');
  const refund = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    // PostgreSQL: the order before the link, the order every money-moving call locks them in (no
    // deadlocks). SQLite write transactions run one at a time anyway.
    if (ctx.database.dialect === 'postgres') await lockOrder(trx, ctx, Number(known.order_id));
    let claim = trx.updateTable('tokens').set({ state: 'refunded' }).where('id', '=', tokenId);
    claim = opts.auto
      ? claim.where('state', 'in', ['active', 'expired']).where('code_count', '=', 0).where('refund_at', '<=', now)
      : claim.where('state', 'in', REFUNDABLE);
    if (opts.noCode) claim = claim.where('code_count', '=', 0).where('state', 'in', LIVE).where('expires_at', '>', now);
    // A customer's cancel refunds a rental only early in its term (`rentStartedAfter`: server/rentals/rent.ts), never as a link.
    if (opts.noCode) {
      claim =
        opts.rentStartedAfter === undefined
          ? claim.where('kind', '=', 'code')
          : claim.where('kind', '=', 'rent').where('create_at', '>', opts.rentStartedAfter);
    }
    const token = await claim.returning(['id', 'user_id', 'order_id', 'identifier']).executeTakeFirst();
    if (!token) {
      if (opts.auto || opts.noCode) return null;
      throw fail.conflict('该链接已退款或已撤销');
    }
    let total = 0;
    for (const part of await linkRefundParts(trx, ctx, tokenId, Number(token.order_id), true)) {
      if (await addRefund(trx, ctx, part.orderId, part.cents)) total += part.cents;
    }
    if (!total && !opts.auto && !opts.noCode) throw fail.conflict('该链接的款项已全部退还');
    if (opts.expect !== undefined && total !== opts.expect) {
      throw fail.conflict(`退款金额已变为 $${toDollars(total).toFixed(2)}，请关闭后重新确认`);
    }
    await afterSale(trx, ctx, [tokenId]);
    let balance: number | null = null;
    let before: number | null = null;
    if (total) {
      ({ before, after: balance } = await changeBalance(trx, {
        userId: Number(token.user_id),
        amount: total,
        type: 'refund',
        refType: 'token',
        refId: tokenId,
        remark: `号码 ${token.identifier}：${opts.remark}`.slice(0, 255),
        now,
      }));
    }
    await opts.inside?.(trx, { userId: Number(token.user_id), amount: total, before, after: balance });
    return { amount: total, balance };
  });
  // Pages open on the link show that it ended.
  if (refund) codeSignal(ctx.database).publish([tokenId]);
  return refund;
}
