import type { Kysely } from 'kysely';
import type { Ctx } from '../context.js';
import type { DB } from '../db/schema.js';
import { fail } from '../http/envelope.js';
import { changeBalance } from '../ledger/balance.js';
import { priceOf, userPricing } from '../pricing/lookup.js';
import type { Price } from '../pricing/price.js';
import { newLinkToken } from '../tokens/links.js';
import { settleOf, sourceOf, type GoodsRow } from './acquire.js';
import { orderNo, placeholderNo } from './order-no.js';

const HOUR = 3_600_000;

export interface Purchase {
  orderId: number;
  orderNo: string;
  amount: number;
  unitPrice: number;
  quantity: number;
  balance: number;
  /** An upstream link whose number is still being confirmed has an empty identifier (`pending`). */
  tokens: { id: number; token: string; identifier: string; expiresAt: number; pending?: boolean }[];
}

export async function goodsById(db: Kysely<DB>, id: number): Promise<GoodsRow> {
  const goods = await db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();
  if (!goods) throw fail.notFound('商品不存在');
  return goods as GoodsRow;
}

/** What a purchase would cost this user, or the refusal it would get (off sale, quantity bounds). */
export async function quote(ctx: Ctx, userId: number, goodsId: number, quantity: number) {
  const goods = await goodsById(ctx.db, goodsId);
  if (!goods.on_sale) throw fail.badInput('该商品已下架');
  if (!Number.isSafeInteger(quantity) || quantity < goods.min_qty || quantity > goods.max_qty) {
    throw fail.badInput(`购买数量应在 ${goods.min_qty} 到 ${goods.max_qty} 之间`, { quantity: `购买数量应在 ${goods.min_qty} 到 ${goods.max_qty} 之间` });
  }
  const price = priceOf(await userPricing(ctx.db, userId), goods, ctx.now());
  return { goods, price, amount: price.unitPrice * quantity };
}

/**
 * One purchase, one transaction: the order, the conditional debit with its ledger row, the
 * identifiers taken from the product's source, one link per unit, the product's counters. A low
 * balance (402), too little stock (409) or a product gone off sale meanwhile (400) rolls all of it
 * back. The unit price and rate are snapshotted on the order.
 */
export async function buy(ctx: Ctx, userId: number, goodsId: number, quantity: number): Promise<Purchase> {
  const { goods, price, amount } = await quote(ctx, userId, goodsId, quantity);
  const source = sourceOf(goods);
  const settle = settleOf(goods);
  const now = ctx.now();
  const tz = ctx.settings.timeZone;
  const purchase = await ctx.db.transaction().execute(async (trx) => {
    const order = await insertOrder(trx, { userId, goods, price, quantity, amount, now });
    const no = orderNo(now, order, tz);
    await trx.updateTable('orders').set({ order_no: no }).where('id', '=', order).execute();
    const { after } = await changeBalance(trx, {
      userId, amount: -amount, type: 'order', refType: 'order', refId: order, now,
      remark: `购买 ${goods.title} × ${quantity}`,
    });
    const acquired = await source(trx, goods, quantity, ctx);
    const rows = acquired.map((a) => ({
      token: newLinkToken(), user_id: userId, goods_id: goods.id, order_id: order, stock_item_id: a.stockItemId,
      identifier: a.identifier, ident_key: a.identKey, state: 'active', armed_at: now,
      expires_at: now + goods.valid_hours * HOUR, receive_limit: goods.receive_limit, reset_limit: goods.reset_limit,
      last_code: null, last_text: null, last_code_at: null,
      // A pending upstream link's wait starts when it gets its number.
      refund_at: goods.code_wait_minutes > 0 && !a.upstream ? now + goods.code_wait_minutes * 60_000 : null, create_at: now,
      ...(a.upstream ? { upstream_provider_id: a.upstream.providerId, upstream_state: 'buying', upstream_resets: 0, upstream_at: now } : {}),
    }));
    const tokens = await trx.insertInto('tokens').values(rows).returning(['id', 'token', 'identifier', 'stock_item_id', 'expires_at']).execute();
    for (const t of tokens) {
      if (t.stock_item_id !== null) await trx.updateTable('stock_items').set({ token_id: t.id }).where('id', '=', t.stock_item_id).execute();
    }
    // Last, so the product's row is locked only briefly; conditional, so a product taken off sale
    // while this ran sells nothing.
    const fromStock = acquired.filter((a) => a.stockItemId !== null).length;
    const counted = await trx.updateTable('goods')
      .set((eb) => ({ sold: eb('sold', '+', quantity), stock: eb('stock', '-', fromStock) }))
      .where('id', '=', goods.id).where('on_sale', '=', 1).executeTakeFirst();
    if (!Number(counted.numUpdatedRows)) throw fail.badInput('该商品已下架');
    return {
      orderId: order, orderNo: no, amount, unitPrice: price.unitPrice, quantity, balance: after,
      tokens: tokens.sort((a, b) => Number(a.id) - Number(b.id))
        .map((t) => ({ id: Number(t.id), token: t.token, identifier: t.identifier, expiresAt: Number(t.expires_at) })),
    };
  });
  // After the commit: the source's paid calls (upstream getNumber) run outside any transaction.
  return settle ? settle(ctx, goods, purchase) : purchase;
}

async function insertOrder(trx: Kysely<DB>, p: { userId: number; goods: GoodsRow; price: Price; quantity: number; amount: number; now: number }) {
  const row = await trx.insertInto('orders').values({
    // Replaced by the real number once the id is known (unique by construction, no retries).
    order_no: placeholderNo(), user_id: p.userId, goods_id: p.goods.id, token_id: null, type: 'buy',
    quantity: p.quantity, base_price: p.goods.price, unit_price: p.price.unitPrice, rate: p.price.rate,
    amount: p.amount, refunded: 0, state: 'paid', create_at: p.now,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
