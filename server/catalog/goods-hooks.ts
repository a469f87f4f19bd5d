import { fail } from '../platform/http/envelope.js';
import type { Row } from '../platform/http/validate.js';
import { sanitizeHtml } from '../platform/lib/sanitize-html.js';
import type { ResourceHooks } from '../platform/crud/hooks.js';
import { pendingMoves } from '../goods-counts/index.js';

/** A rentable product that could be rented: an SMS product from our own stock, at a price, for hours that exist. */
function checkRental(merged: Row): void {
  if (!Number(merged.rentable)) return;
  const refuse = (field: string, message: string) => {
    throw fail.badInput(message, { [field]: message });
  };
  if ((merged.channel ?? 'sms') !== 'sms') refuse('rentable', '只有短信商品可以租用');
  if ((merged.source ?? 'stock') !== 'stock') refuse('rentable', '只有库存来源的商品可以租用（上游号码无法按小时持有）');
  if (!(Number(merged.rent_price_hour) > 0)) refuse('rent_price_hour', '可租用的商品须设置每小时租用价格');
  if (Number(merged.rent_min_hours ?? 4) > Number(merged.rent_max_hours ?? 720)) refuse('rent_min_hours', '最短租期不能大于最长租期');
}

/** Quantity bounds and rental terms that make sense; the description stored sanitized. */
function clean(values: Row, merged: Row, now: number): Row {
  if (Number(merged.min_qty) > Number(merged.max_qty)) {
    throw fail.badInput('最少购买数量不能大于最多购买数量', { min_qty: '最少购买数量不能大于最多购买数量' });
  }
  checkRental(merged);
  const out: Row = { ...values, update_at: now };
  if (typeof values.description === 'string') out.description = sanitizeHtml(values.description);
  return out;
}

/**
 * Products. One that has sold cannot be deleted (its orders and links point at it): taking it off
 * sale ends it. Deleting an unsold product takes its unsold stock and its discounts with it.
 */
export const goodsHooks: ResourceHooks = {
  beforeAdd: (values, { ctx }) => clean(values, values, ctx.now()),
  beforeEdit: (_id, values, existing, { ctx }) => clean(values, { ...existing, ...values }, ctx.now()),

  async beforeDel(ids, { trx }) {
    const sold = await trx
      .selectFrom('goods')
      .select(['title'])
      .where('id', 'in', ids)
      .where((eb) =>
        eb.or([eb('sold', '>', 0), eb.exists(eb.selectFrom('orders').select('orders.id').whereRef('orders.goods_id', '=', 'goods.id'))]),
      )
      .executeTakeFirst();
    if (sold) throw fail.conflict(`「${sold.title}」已有销售记录，不能删除；请改为下架`);
    await trx.deleteFrom('stock_items').where('goods_id', 'in', ids).execute();
    await trx.deleteFrom('discounts').where('goods_id', 'in', ids).execute();
  },

  // The counts as they stand: the product's columns with the sales not yet added to them.
  async present(rows, raw, { ctx }) {
    const pending = await pendingMoves(ctx.db, [...new Set(raw.map((r) => Number(r.id)))]);
    rows.forEach((row, i) => {
      const p = pending.get(Number(raw[i].id));
      if (p && 'stock' in row) row.stock = Number(raw[i].stock) + p.stock;
      if (p && 'sold' in row) row.sold = Number(raw[i].sold) + p.sold;
    });
  },
};
