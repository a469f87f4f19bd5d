import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { changeBalance } from '../finance/ledger.js';
import { prepared, statement } from '../platform/db/fast-query.js';
import { priceOf, userPricing } from '../pricing/lookup.js';
import { newLinkToken } from '../links/links.js';
import { sellStock, settleOf, sourceOf, type GoodsRow, type Purchase, type Source } from './acquire.js';
import { orderNo, placeholderNo } from './order-no.js';
import { purchases } from './metrics.js';
import { HOUR as RENT_HOUR, rentAmount, rentRefusal, rentTermsOf } from '../rentals/terms.js';
import type { MoneyAudit } from './refund.js';

export type { Purchase };

const HOUR = 3_600_000;

const goodsRow = prepared((db) => db.selectFrom('goods').selectAll().where('id', '=', 0));

export async function goodsById(ctx: Ctx, id: number): Promise<GoodsRow> {
  const [goods] = await goodsRow(ctx.database, [id]);
  if (!goods) throw fail.notFound('商品不存在');
  return goods as GoodsRow;
}

/**
 * How a purchase differs from buying in the store: a given source (one number taken back), any
 * quantity bounds; a rental (`rent`: one number for `hours`, every SMS kept, its SMS POSTed to `url`).
 */
export interface BuyOptions {
  source?: Source; rent?: { hours: number; url: string | null };
  /** Last in the purchase's transaction: the audit row when staff buy inside a customer's account. */
  inside?: MoneyAudit;
}

/** What a purchase would cost this user, or the refusal it would get (off sale, quantity bounds). */
export async function quote(ctx: Ctx, userId: number, goodsId: number, quantity: number, opts: BuyOptions = {}) {
  const goods = await goodsById(ctx, goodsId);
  if (!goods.on_sale) throw fail.badInput('该商品已下架');
  if (opts.rent) {
    // A rental: one number at the product's hourly price (no group rate or discount, like 续费).
    const terms = rentTermsOf(goods);
    const refused = quantity !== 1 ? fail.badInput('每次只能租用一个号码')
      : goods.source !== 'stock' ? fail.badInput('上游渠道的商品不支持租用') : rentRefusal(terms, opts.rent.hours);
    if (refused) throw refused;
    const amount = rentAmount(terms, opts.rent.hours);
    return { goods, price: { unitPrice: amount, rate: 100 as number | null }, amount };
  }
  if (!opts.source && (!Number.isSafeInteger(quantity) || quantity < goods.min_qty || quantity > goods.max_qty)) {
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
export async function buy(ctx: Ctx, userId: number, goodsId: number, quantity: number, opts: BuyOptions = {}): Promise<Purchase> {
  const { goods, price, amount } = await quote(ctx, userId, goodsId, quantity, opts);
  const source = opts.source ?? sourceOf(goods);
  const settle = opts.source ? undefined : settleOf(goods);
  const now = ctx.now();
  const tz = ctx.settings.timeZone;
  const purchase = await ctx.db.transaction().execute(async (trx) => {
    const order = Number((await placeOrder(trx, {
      // Replaced by the real number once the id is known (unique by construction, no retries).
      placeholder: placeholderNo(), user: userId, goods: goods.id, quantity, basePrice: opts.rent ? amount : goods.price,
      unitPrice: price.unitPrice, rate: price.rate, amount, now,
    })).rows[0].id);
    const no = orderNo(now, order, tz);
    await numberOrder(trx, { no, order });
    const { before, after } = await changeBalance(trx, {
      userId, amount: -amount, type: 'order', refType: 'order', refId: order, now,
      remark: opts.rent ? `租用 ${goods.title} ${opts.rent.hours} 小时` : `购买 ${goods.title} × ${quantity}`,
    });
    const acquired = await source(trx, goods, quantity, ctx);
    const rows = acquired.map((a): Record<LinkColumn, unknown> => ({
      token: newLinkToken(), user_id: userId, goods_id: goods.id, order_id: order, stock_item_id: a.stockItemId,
      identifier: a.identifier, ident_key: a.identKey, state: 'active', armed_at: now,
      expires_at: now + goods.valid_hours * HOUR, receive_limit: goods.receive_limit, reset_limit: goods.reset_limit,
      // A pending upstream link's wait starts when it gets its number.
      refund_at: goods.code_wait_minutes > 0 && !a.upstream ? now + goods.code_wait_minutes * 60_000 : null, create_at: now,
      upstream_provider_id: a.upstream?.providerId ?? null, upstream_state: a.upstream ? 'buying' : null,
      upstream_resets: a.upstream ? 0 : null, upstream_at: a.upstream ? now : null, kind: 'code', rent_url: null,
      // A rental receives every SMS until its end; it is never refunded by the code-wait sweep.
      ...(opts.rent && {
        kind: 'rent', rent_url: opts.rent.url, expires_at: now + opts.rent.hours * RENT_HOUR, receive_limit: 0, reset_limit: 0, refund_at: null,
      }),
    }));
    const tokens = (await saveLinks(trx, { rows }, rows.length)).rows;
    const fromStock = acquired.filter((a) => a.stockItemId !== null).length;
    if (fromStock) await sellStock(trx, { order, count: fromStock, now });
    // Last, so the product's row is locked only briefly; conditional, so a product taken off sale
    // while this ran sells nothing.
    const counted = await countSale(trx, { goods: goods.id, quantity, fromStock });
    if (!Number(counted.numAffectedRows)) throw fail.badInput('该商品已下架');
    await opts.inside?.(trx, { userId, amount: -amount, before, after, orderId: order });
    return {
      orderId: order, orderNo: no, amount, unitPrice: price.unitPrice, quantity, balance: after,
      tokens: tokens.sort((a, b) => Number(a.id) - Number(b.id))
        .map((t) => ({ id: Number(t.id), token: t.token, identifier: t.identifier, expiresAt: Number(t.expires_at) })),
    };
  });
  purchases.inc();
  // After the commit: the source's paid calls (upstream getNumber) run outside any transaction.
  return settle ? settle(ctx, goods, purchase) : purchase;
}

// The purchase's statements, compiled once (building them cost more than running them).
const placeOrder = statement((db, value) => db.insertInto('orders').values({
  order_no: value('placeholder'), user_id: value('user'), goods_id: value('goods'), token_id: null, type: 'buy',
  quantity: value('quantity'), base_price: value('basePrice'), unit_price: value('unitPrice'), rate: value('rate'),
  amount: value('amount'), refunded: 0, state: 'paid', create_at: value('now'),
}).returning('id'));
const numberOrder = statement((db, value) => db.updateTable('orders').set({ order_no: value('no') }).where('id', '=', value('order')));

/** Every column a purchase gives its links (those of upstream links null on the others). */
const LINK_COLUMNS = [
  'token', 'user_id', 'goods_id', 'order_id', 'stock_item_id', 'identifier', 'ident_key', 'state', 'armed_at', 'expires_at',
  'receive_limit', 'reset_limit', 'refund_at', 'create_at', 'upstream_provider_id', 'upstream_state', 'upstream_resets', 'upstream_at',
  'kind', 'rent_url',
] as const satisfies readonly (keyof DB['tokens'])[];
type LinkColumn = typeof LINK_COLUMNS[number];
const saveLinks = statement((db, value, count) => db.insertInto('tokens')
  .values(Array.from({ length: count }, (_, i) => Object.fromEntries(LINK_COLUMNS.map((c) => [c, value(c, i)])) as any))
  .returning(['id', 'token', 'identifier', 'stock_item_id', 'expires_at']));
const countSale = statement((db, value) => db.updateTable('goods')
  .set((eb) => ({ sold: eb('sold', '+', value('quantity')), stock: eb('stock', '-', value('fromStock')) }))
  .where('id', '=', value('goods')).where('on_sale', '=', 1));
