import type { Ctx } from '../platform/context.js';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { balanceRefused, changeBalance } from '../finance/index.js';
import { prepared, statement } from '../platform/db/fast-query.js';
import { priceOf, resellerOf, resoldFlat, userPricing, type Pricing, type ResellerTerms } from '../pricing/index.js';
import { recordProfit } from '../resellers/index.js';
import { recordSale } from '../goods-counts/index.js';
import { newLinkToken } from '../links/index.js';
import { sellStock, settleOf, sourceOf, stockPickOf, type GoodsRow, type Purchase, type Source } from './acquire.js';
import { claimFromStock } from './claim.js';
import { orderNo, placeholderNo } from './order-no.js';
import { purchases } from './metrics.js';
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
 * quantity bounds; a rental (`rent`).
 */
export interface BuyOptions {
  source?: Source;
  rent?: RentSale;
  /** Last in the purchase's transaction: the audit row when staff buy inside a customer's account. */
  inside?: MoneyAudit;
  /** What the caller read a moment ago to choose the product (the protocols' offers): not read again. */
  read?: PurchaseRead;
}

/** The product's row and the buyer's pricing, as read to choose what to buy. */
export interface PurchaseRead {
  goods: GoodsRow;
  pricing: Pricing;
}

/**
 * A rental as the rentals area sells it: one number for `hours`, every SMS kept and POSTed to `url`,
 * at the amount `amountOf` sets on the product (throwing its refusal when the product's terms do not fit).
 */
export interface RentSale {
  hours: number;
  url: string | null;
  amountOf: (goods: GoodsRow) => number;
}

/**
 * What a purchase would cost this user, or the refusal it would get (off sale, quantity bounds). A
 * reseller's customer pays the reseller's price (`reseller` set, `price.cost` the reseller's own).
 */
export async function quote(
  ctx: Ctx,
  userId: number,
  goodsId: number,
  quantity: number,
  opts: BuyOptions = {},
): Promise<{
  goods: GoodsRow;
  price: { unitPrice: number; rate: number | null; cost?: number };
  amount: number;
  reseller?: ResellerTerms;
}> {
  const read = opts.read?.goods.id === goodsId ? opts.read : undefined;
  // The product and the buyer's pricing read side by side: one wait instead of two (a rental prices itself).
  const [goods, pricing] = await Promise.all([
    read?.goods ?? goodsById(ctx, goodsId),
    opts.rent ? undefined : (read?.pricing ?? userPricing(ctx.db, userId)),
  ]);
  if (!goods.on_sale) throw fail.badInput('该商品已下架');
  if (opts.rent) {
    // A rental: one number from stock, at the amount the rentals area sets (per hour, resold by a reseller).
    if (quantity !== 1) throw fail.badInput('每次只能租用一个号码');
    if (goods.source !== 'stock') throw fail.badInput('上游渠道的商品不支持租用');
    const cost = opts.rent.amountOf(goods);
    const reseller = (await resellerOf(ctx.db, userId)) ?? undefined;
    const amount = reseller ? resoldFlat(reseller, cost / opts.rent.hours) * opts.rent.hours : cost;
    return { goods, price: { unitPrice: amount, rate: 100, ...(reseller && { cost }) }, amount, reseller };
  }
  if (!opts.source && (!Number.isSafeInteger(quantity) || quantity < goods.min_qty || quantity > goods.max_qty)) {
    throw fail.badInput(`购买数量应在 ${goods.min_qty} 到 ${goods.max_qty} 之间`, {
      quantity: `购买数量应在 ${goods.min_qty} 到 ${goods.max_qty} 之间`,
    });
  }
  const price = priceOf(pricing!, goods, ctx.now());
  return { goods, price, amount: price.unitPrice * quantity, reseller: pricing!.reseller };
}

/**
 * One purchase, one transaction: the order, the conditional debit with its ledger row, the
 * identifiers taken from the product's source, one link per unit, the move of the product's counts. A low
 * balance (402), too little stock (409) or a product gone off sale meanwhile (400) rolls all of it
 * back. The unit price and rate are snapshotted on the order. On PostgreSQL a purchase from stock is
 * one statement (claim.ts), its own transaction unless it writes more (a reseller's profit, the staff
 * audit row).
 */
export async function buy(ctx: Ctx, userId: number, goodsId: number, quantity: number, opts: BuyOptions = {}): Promise<Purchase> {
  const { goods, price, amount, reseller } = await quote(ctx, userId, goodsId, quantity, opts);
  const source = opts.source ?? sourceOf(goods);
  const settle = opts.source ? undefined : settleOf(goods);
  const claim = ctx.database.dialect === 'postgres' ? stockPickOf(source) : undefined;
  const now = ctx.now();
  const tz = ctx.settings.timeZone;
  const terms = linkTerms(goods, opts, now);
  const order = {
    user: userId,
    goods: goods.id,
    quantity,
    basePrice: opts.rent ? amount : goods.price,
    unitPrice: price.unitPrice,
    rate: price.rate,
    amount,
    now,
  };
  const remark = opts.rent ? `租用 ${goods.title} ${opts.rent.hours} 小时` : `购买 ${goods.title} × ${quantity}`;
  const placed = (orderId: number, no: string, balance: { before: number; after: number }, tokens: SavedLink[]): Purchase => ({
    orderId,
    orderNo: no,
    amount,
    unitPrice: price.unitPrice,
    quantity,
    balance: balance.after,
    tokens: tokens
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((t) => ({ id: Number(t.id), token: t.token, identifier: t.identifier, expiresAt: Number(t.expires_at) })),
  });
  // What a purchase may write besides the order, the debit, the links and the move, in its transaction.
  const resold = reseller && price.cost !== undefined ? { reseller, cost: opts.rent ? price.cost : price.cost * quantity } : undefined;
  const more = async (trx: Kysely<DB>, orderId: number, balance: { before: number; after: number }) => {
    // The reseller's share, pending until it settles (reversed by a refund of this order).
    if (resold) await recordProfit(trx, { reseller: resold.reseller, buyerId: userId, orderId, profit: amount - resold.cost, now });
    await opts.inside?.(trx, { userId, amount: -amount, ...balance, orderId });
  };
  let purchase: Purchase;
  if (claim) {
    const write = async (db: Kysely<DB>): Promise<Purchase> => {
      const tokens = Array.from({ length: quantity }, () => newLinkToken());
      const claimed = await claimFromStock(db, claim, { ...order, ...terms, remark, prefix: orderNo(now, 0, tz).slice(0, -6), tokens });
      if (claimed.order === null) {
        if (claimed.found < quantity) throw fail.conflict(claim.refusal(claimed.found, quantity));
        if (!claimed.onSale) throw fail.badInput('该商品已下架');
        return balanceRefused(db, userId);
      }
      await more(db, claimed.order, claimed);
      return placed(claimed.order, claimed.orderNo, claimed, claimed.links);
    };
    // One statement is a transaction of its own; one is begun only when the purchase writes more.
    purchase = resold || opts.inside ? await ctx.db.transaction().execute(write) : await write(ctx.db);
  } else {
    purchase = await ctx.db.transaction().execute(async (trx) => {
      // Replaced by the real number once the id is known (unique by construction, no retries).
      const orderId = Number((await placeOrder(trx, { ...order, placeholder: placeholderNo() })).rows[0].id);
      const no = orderNo(now, orderId, tz);
      await numberOrder(trx, { no, order: orderId });
      const balance = await changeBalance(trx, { userId, amount: -amount, type: 'order', refType: 'order', refId: orderId, now, remark });
      const acquired = await source(trx, goods, quantity, ctx);
      const rows = acquired.map((a): Record<LinkColumn, unknown> => ({
        token: newLinkToken(),
        user_id: userId,
        goods_id: goods.id,
        order_id: orderId,
        stock_item_id: a.stockItemId,
        identifier: a.identifier,
        ident_key: a.identKey,
        state: 'active',
        armed_at: now,
        expires_at: terms.expiresAt,
        receive_limit: terms.receiveLimit,
        reset_limit: terms.resetLimit,
        // A pending upstream link's wait starts when it gets its number.
        refund_at: a.upstream ? null : terms.refundAt,
        create_at: now,
        upstream_provider_id: a.upstream?.providerId ?? null,
        upstream_state: a.upstream ? 'buying' : null,
        upstream_resets: a.upstream ? 0 : null,
        upstream_at: a.upstream ? now : null,
        kind: terms.kind,
        rent_url: terms.rentUrl,
      }));
      const tokens = (await saveLinks(trx, { rows }, rows.length)).rows;
      const fromStock = acquired.filter((a) => a.stockItemId !== null).length;
      if (fromStock) await sellStock(trx, { order: orderId, count: fromStock, now });
      // The product's counts as a move, not an update of its row (every concurrent sale of the product
      // would queue on that row); written only while the product is on sale, so one taken off sale
      // meanwhile sells nothing.
      if (!(await recordSale(trx, { goods: goods.id, sold: quantity, stock: -fromStock }))) throw fail.badInput('该商品已下架');
      await more(trx, orderId, balance);
      return placed(orderId, no, balance, tokens);
    });
  }
  purchases.inc();
  // After the commit: the source's paid calls (upstream getNumber) run outside any transaction.
  return settle ? settle(ctx, goods, purchase) : purchase;
}

/** A link as saved, what the purchase answers of it. */
type SavedLink = { id: number; token: string; identifier: string; expires_at: number };

/**
 * What every link of a purchase shares: its end, its limits, when an unanswered one is refunded. A
 * rental receives every SMS until its end; it is never refunded by the code-wait sweep.
 */
function linkTerms(goods: GoodsRow, opts: BuyOptions, now: number) {
  if (opts.rent) {
    return {
      expiresAt: now + opts.rent.hours * HOUR,
      receiveLimit: 0,
      resetLimit: 0,
      refundAt: null,
      kind: 'rent' as const,
      rentUrl: opts.rent.url,
    };
  }
  return {
    expiresAt: now + goods.valid_hours * HOUR,
    receiveLimit: goods.receive_limit,
    resetLimit: goods.reset_limit,
    refundAt: goods.code_wait_minutes > 0 ? now + goods.code_wait_minutes * 60_000 : null,
    kind: 'code' as const,
    rentUrl: null,
  };
}

// The purchase's statements, compiled once (building them cost more than running them).
const placeOrder = statement((db, value) =>
  db
    .insertInto('orders')
    .values({
      order_no: value('placeholder'),
      user_id: value('user'),
      goods_id: value('goods'),
      token_id: null,
      type: 'buy',
      quantity: value('quantity'),
      base_price: value('basePrice'),
      unit_price: value('unitPrice'),
      rate: value('rate'),
      amount: value('amount'),
      refunded: 0,
      state: 'paid',
      create_at: value('now'),
    })
    .returning('id'),
);
const numberOrder = statement((db, value) =>
  db
    .updateTable('orders')
    .set({ order_no: value('no') })
    .where('id', '=', value('order')),
);

/** Every column a purchase gives its links (those of upstream links null on the others). */
const LINK_COLUMNS = [
  'token',
  'user_id',
  'goods_id',
  'order_id',
  'stock_item_id',
  'identifier',
  'ident_key',
  'state',
  'armed_at',
  'expires_at',
  'receive_limit',
  'reset_limit',
  'refund_at',
  'create_at',
  'upstream_provider_id',
  'upstream_state',
  'upstream_resets',
  'upstream_at',
  'kind',
  'rent_url',
] as const satisfies readonly (keyof DB['tokens'])[];
type LinkColumn = (typeof LINK_COLUMNS)[number];
const saveLinks = statement((db, value, count) =>
  db
    .insertInto('tokens')
    .values(
      Array.from({ length: count }, (_, i) => Object.fromEntries(LINK_COLUMNS.map((c) => [c, value(c, i)])) as Insertable<DB['tokens']>),
    )
    .returning(['id', 'token', 'identifier', 'stock_item_id', 'expires_at']),
);
