import type { Ctx } from '../platform/context.js';
import { priceOf, userPricing } from '../pricing/lookup.js';

/** An on-sale SMS product as the protocol offers it to one customer. */
export interface Offer {
  goodsId: number;
  service: string;
  country: number;
  /** This customer's price, in cents (group rate and discounts, as the store shows it). */
  price: number;
  /** Numbers in stock, or null for an upstream product (bought from the provider on demand). */
  available: number | null;
  resetLimit: number;
  sort: number;
}

/**
 * The products the protocol can sell: on sale, SMS (a mail product has no phone number and no
 * SMS-Activate service), and buyable one at a time (a minimum quantity above 1 cannot be met by
 * getNumber). Cheapest first for this customer, then in the store's order.
 */
export async function offersFor(ctx: Ctx, userId: number, filter: { service?: string; country?: number } = {}): Promise<Offer[]> {
  let q = ctx.db.selectFrom('goods')
    .select(['id', 'service', 'country', 'price', 'source', 'stock', 'reset_limit', 'sort'])
    .where('on_sale', '=', 1).where('channel', '=', 'sms').where('min_qty', '<=', 1);
  if (filter.service !== undefined) q = q.where('service', '=', filter.service);
  if (filter.country !== undefined) q = q.where('country', '=', filter.country);
  const [rows, pricing] = await Promise.all([q.execute(), userPricing(ctx.db, userId)]);
  const now = ctx.now();
  return rows.map((g) => ({
    goodsId: Number(g.id), service: g.service, country: Number(g.country),
    price: priceOf(pricing, { id: Number(g.id), price: Number(g.price) }, now).unitPrice,
    available: g.source === 'stock' ? Number(g.stock) : null,
    resetLimit: Number(g.reset_limit), sort: Number(g.sort),
  })).sort((a, b) => a.price - b.price || a.sort - b.sort || a.goodsId - b.goodsId);
}

/** Whether a number may be there to buy: stock on hand, or an upstream provider to ask. */
export const mayHaveNumbers = (o: Offer) => o.available === null || o.available > 0;
