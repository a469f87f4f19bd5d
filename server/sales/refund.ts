import { sql, type Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { changeBalance } from '../finance/ledger.js';
import { toDollars } from '../platform/lib/money.js';
import { LIVE } from '../links/states.js';

type Trx = Kysely<DB>;

/** An order's row, locked for the rest of the transaction on PostgreSQL (SQLite writes run alone). */
async function lockOrder(trx: Trx, ctx: Ctx, id: number) {
  let q = trx.selectFrom('orders').selectAll().where('id', '=', id);
  if (ctx.database.dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Adds `cents` to an order's refunded amount in one conditional update: never past what was paid,
 * whatever runs at the same time. A purchase paid back in full revokes its links that are still
 * live. Undefined when the order does not exist or has less than `cents` left.
 */
async function addRefund(trx: Trx, ctx: Ctx, orderId: number, cents: number) {
  const order = await trx.updateTable('orders')
    .set((eb) => ({
      refunded: eb('refunded', '+', cents),
      state: sql<string>`case when ${eb.ref('refunded')} + ${cents} >= ${eb.ref('amount')} then 'refunded' else 'partial' end`,
    }))
    .where('id', '=', orderId).where((eb) => eb(eb('refunded', '+', cents), '<=', eb.ref('amount')))
    .returning(['id', 'user_id', 'type', 'amount', 'refunded', 'state']).executeTakeFirst();
  if (order?.state === 'refunded' && order.type === 'buy') {
    const revoked = await trx.updateTable('tokens').set({ state: 'revoked' })
      .where('order_id', '=', orderId).where('state', 'in', [...LIVE, 'expired']).returning('id').execute();
    await afterSale(trx, ctx, revoked.map((t) => Number(t.id)));
  }
  return order;
}

/** The numbers behind links that were revoked or refunded go to after-sale for the sup to look at. */
async function afterSale(trx: Trx, ctx: Ctx, tokenIds: number[]) {
  if (!tokenIds.length) return;
  await trx.updateTable('stock_items').set({ state: 'after_sale', update_at: ctx.now() })
    .where('token_id', 'in', tokenIds).where('state', 'in', ['sold', 'expired']).execute();
}

/** Part (or all) of an order, by the sup, with a remark: a refund ledger row and the order's refunded amount. */
export async function refundOrder(ctx: Ctx, orderId: number, cents: number, remark: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const order = await addRefund(trx, ctx, orderId, cents);
    if (!order) {
      const found = await trx.selectFrom('orders').select(['amount', 'refunded']).where('id', '=', orderId).executeTakeFirst();
      if (!found) throw fail.notFound('订单不存在');
      const left = Number(found.amount) - Number(found.refunded);
      if (left <= 0) throw fail.conflict('该订单已全额退款');
      throw fail.conflict(`退款金额超过可退金额，最多可退 $${toDollars(left).toFixed(2)}`);
    }
    const { after } = await changeBalance(trx, {
      userId: Number(order.user_id), amount: cents, type: 'refund', refType: 'order', refId: orderId, remark, now: ctx.now(),
    });
    return { refunded: Number(order.refunded), left: Number(order.amount) - Number(order.refunded), state: order.state, balance: after };
  });
}

/**
 * A whole link: its share of the purchase (the unit price, or what is left of the order when less)
 * and every renewal paid for it, back to the owner in one ledger row; the link ends as refunded and
 * its number goes to after-sale. `auto` is the sweep's refund of a link that never received a
 * code: it only acts while that is still true, and answers null when it is not (nothing done).
 * `noCode` is a customer's cancel through the SMS-Activate protocol: the same condition on the code
 * (whatever arrives meanwhile), on a live link, at any time.
 */
export async function refundLink(ctx: Ctx, tokenId: number, opts: { remark: string; auto?: boolean; noCode?: boolean }) {
  const known = await ctx.db.selectFrom('tokens').select('order_id').where('id', '=', tokenId).executeTakeFirst();
  if (!known) throw fail.notFound('链接不存在');
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    // PostgreSQL: the order before the link, the order every money-moving call locks them in (no
    // deadlocks). SQLite write transactions run one at a time anyway.
    if (ctx.database.dialect === 'postgres') await lockOrder(trx, ctx, Number(known.order_id));
    let claim = trx.updateTable('tokens').set({ state: 'refunded' }).where('id', '=', tokenId);
    claim = opts.auto
      ? claim.where('state', 'in', ['active', 'expired']).where('code_count', '=', 0).where('refund_at', '<=', now)
      : claim.where('state', 'in', [...LIVE, 'expired']);
    if (opts.noCode) claim = claim.where('code_count', '=', 0).where('state', 'in', LIVE).where('expires_at', '>', now);
    const token = await claim.returning(['id', 'user_id', 'order_id']).executeTakeFirst();
    if (!token) {
      if (opts.auto || opts.noCode) return null;
      throw fail.conflict('该链接已退款或已撤销');
    }
    let total = 0;
    const purchase = await lockOrder(trx, ctx, Number(token.order_id));
    const share = purchase ? Math.min(Number(purchase.unit_price), Number(purchase.amount) - Number(purchase.refunded)) : 0;
    if (share > 0 && await addRefund(trx, ctx, Number(token.order_id), share)) total += share;
    const renewals = await trx.selectFrom('orders').select('id').where('token_id', '=', tokenId).where('type', '=', 'augment').orderBy('id').execute();
    for (const { id } of renewals) {
      const renewal = await lockOrder(trx, ctx, Number(id));
      const left = renewal ? Number(renewal.amount) - Number(renewal.refunded) : 0;
      if (left > 0 && await addRefund(trx, ctx, Number(id), left)) total += left;
    }
    if (!total && !opts.auto && !opts.noCode) throw fail.conflict('该链接的款项已全部退还');
    await afterSale(trx, ctx, [tokenId]);
    let balance: number | null = null;
    if (total) {
      ({ after: balance } = await changeBalance(trx, {
        userId: Number(token.user_id), amount: total, type: 'refund', refType: 'token', refId: tokenId, remark: opts.remark, now,
      }));
    }
    return { amount: total, balance };
  });
}
