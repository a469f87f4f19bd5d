import type { Ctx } from '../platform/context.js';
import { priceOf, userPricing, type Pricing } from '../pricing/index.js';
import type { GoodsRow, PurchaseRead } from '../sales/index.js';
import { liveStock } from '../goods-counts/index.js';

/** An on-sale SMS product as the protocol offers it to one customer. */
export interface Offer {
  goodsId: number;
  service: string;
  country: number;
  /** This customer's price, in cents (group rate and discounts, as the store shows it). */
  price: number;
  /** The list price this customer is shown beside it: the product's, or for a reseller's customer its own price (never the main site's). */
  listPrice: number;
  /** Numbers in stock, or null for an upstream product (bought from the provider on demand). */
  available: number | null;
  resetLimit: number;
  sort: number;
  /** With `forPurchase`: the row and the pricing this offer was made from. */
  read?: PurchaseRead;
}

/**
 * The products the protocol can sell: on sale, SMS (a mail product has no phone number and no
 * SMS-Activate service), and buyable one at a time (a minimum quantity above 1 cannot be met by
 * getNumber). Cheapest first for this customer, then in the store's order. `forPurchase`: each offer
 * keeps the product's whole row and the customer's pricing (`read`), for the purchase to use as read.
 * `pricing`: the prices of someone who is no customer yet (a visitor of a reseller's site), instead of the user's.
 */
export async function offersFor(
  ctx: Ctx,
  userId: number,
  filter: { service?: string; country?: number; forPurchase?: boolean; pricing?: Pricing } = {},
): Promise<Offer[]> {
  let q = ctx.db.selectFrom('goods').where('on_sale', '=', 1).where('channel', '=', 'sms').where('min_qty', '<=', 1);
  if (filter.service !== undefined) q = q.where('service', '=', filter.service);
  if (filter.country !== undefined) q = q.where('country', '=', filter.country);
  // The stock as it stands: the product's count with the sales not yet added to it.
  const read: Promise<(Pick<GoodsRow, (typeof OFFER_COLUMNS)[number]> & { live_stock: number })[]> = filter.forPurchase
    ? q.selectAll().select(liveStock().as('live_stock')).execute()
    : q.select([...OFFER_COLUMNS, liveStock().as('live_stock')]).execute();
  const [rows, pricing] = await Promise.all([read, filter.pricing ?? userPricing(ctx.db, userId)]);
  const now = ctx.now();
  return rows
    .map((g) => ({
      goodsId: Number(g.id),
      service: g.service,
      country: Number(g.country),
      ...prices(
        priceOf(pricing, { id: Number(g.id), price: Number(g.price) }, now).unitPrice,
        Number(g.price),
        pricing.reseller !== undefined,
      ),
      available: g.source === 'stock' ? Number(g.live_stock) : null,
      resetLimit: Number(g.reset_limit),
      sort: Number(g.sort),
      ...(filter.forPurchase && { read: { goods: g as unknown as GoodsRow, pricing } }),
    }))
    .sort((a, b) => a.price - b.price || a.sort - b.sort || a.goodsId - b.goodsId);
}

const OFFER_COLUMNS = ['id', 'service', 'country', 'price', 'source', 'reset_limit', 'sort'] as const;

const prices = (price: number, list: number, resold: boolean) => ({ price, listPrice: resold ? price : list });

/** Whether a number may be there to buy: stock on hand, or an upstream provider to ask. */
export const mayHaveNumbers = (o: Offer) => o.available === null || o.available > 0;
