import type { Ctx } from '../platform/context.js';
import { liveStock } from '../goods-counts/index.js';
import { hoursAllowed, rentAmount, rentTermsOf, type RentTerms } from '../rentals/index.js';

/** An on-sale product that rents numbers from its stock. */
export interface RentOffer {
  goodsId: number;
  service: string;
  country: number;
  stock: number;
  terms: RentTerms;
  sort: number;
}

/** The rentable products (on sale, SMS, from stock, with an hourly price), optionally of one service and country. */
export async function rentOffers(ctx: Ctx, filter: { service?: string; country?: number } = {}): Promise<RentOffer[]> {
  let q = ctx.db
    .selectFrom('goods')
    .select([
      'id',
      'service',
      'country',
      'sort',
      'rentable',
      'rent_price_hour',
      'rent_min_hours',
      'rent_max_hours',
      liveStock().as('stock'),
    ])
    .where('on_sale', '=', 1)
    .where('channel', '=', 'sms')
    .where('source', '=', 'stock')
    .where('rentable', '=', 1)
    .where('rent_price_hour', '>', 0);
  if (filter.service !== undefined) q = q.where('service', '=', filter.service);
  if (filter.country !== undefined) q = q.where('country', '=', filter.country);
  const rows = await q.execute();
  return rows.map((g) => ({
    goodsId: Number(g.id),
    service: g.service,
    country: Number(g.country),
    stock: Number(g.stock),
    terms: rentTermsOf(g),
    sort: Number(g.sort),
  }));
}

/** Those offers that rent for `hours`, cheapest first (then in the store's order). */
export function forHours(offers: RentOffer[], hours: number): RentOffer[] {
  return offers
    .filter((o) => hoursAllowed(o.terms, hours))
    .sort((a, b) => rentAmount(a.terms, hours) - rentAmount(b.terms, hours) || a.sort - b.sort || a.goodsId - b.goodsId);
}
