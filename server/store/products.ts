import { sql, type SqlBool } from 'kysely';
import type { Ctx } from '../platform/context.js';
import { sanitizeHtml } from '../platform/lib/sanitize-html.js';
import { toDollars } from '../platform/lib/money.js';
import { priceOf, resoldFlat, type Pricing } from '../pricing/index.js';
import { escapeLike } from '../platform/crud/query.js';
import { supServiceNames } from './service-names.js';
import { liveStock } from '../goods-counts/index.js';

export interface ProductFilter {
  page: number;
  pageSize: number;
  channel?: 'sms' | 'mail';
  keyword?: string;
  id?: number;
}

/**
 * The products on sale, a page of them in the store's order, at the prices of `pricing`, as the
 * store shows them (prices in dollars, the description sanitized, no internal field), and how many
 * match. A product is found by its title or by its SMS-Activate service code (what a script asks for).
 * Each carries the display names the sup set for its service code (null where none is set: the store
 * then names it itself).
 */
export async function listProducts(ctx: Ctx, filter: ProductFilter, pricing: Pricing) {
  let q = ctx.db.selectFrom('goods').where('on_sale', '=', 1);
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.channel) q = q.where('channel', '=', filter.channel);
  if (filter.keyword) {
    const word = filter.keyword.trim().toLowerCase();
    q = q.where((eb) =>
      eb.or([sql<SqlBool>`lower(title) like ${`%${escapeLike(word)}%`} escape '\\'`, eb(sql`lower(service)`, '=', word)]),
    );
  }
  const [{ total }, rows, names] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q
      .selectAll()
      // The stock as it stands: the product's count with the sales not yet added to it.
      .select(liveStock().as('live_stock'))
      .orderBy('sort')
      .orderBy('id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    supServiceNames(ctx),
  ]);
  const now = ctx.now();
  // A reseller's customers (and its site's visitors) see its prices only, never the main site's list price.
  const resold = pricing.reseller;
  const list = rows.map((g) => {
    const price = priceOf(pricing, { id: g.id, price: g.price }, now).unitPrice;
    return {
      id: g.id,
      title: g.title,
      description: sanitizeHtml(g.description ?? ''),
      channel: g.channel,
      service: g.service,
      service_name: names.get(g.service)?.name ?? null,
      service_name_cn: names.get(g.service)?.cn ?? null,
      country: g.country,
      source: g.source,
      price: toDollars(price),
      base_price: toDollars(resold ? price : g.price),
      stock: g.source === 'stock' ? Number(g.live_stock) : null,
      valid_hours: g.valid_hours,
      receive_limit: g.receive_limit,
      reset_limit: g.reset_limit,
      renew_price: toDollars(resoldFlat(resold, g.renew_price)),
      code_wait_minutes: g.code_wait_minutes,
      min_qty: g.min_qty,
      max_qty: g.max_qty,
    };
  });
  return { list, total: Number(total) };
}
