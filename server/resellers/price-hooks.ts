import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import type { ResourceHooks } from '../platform/crud/hooks.js';
import type { Ctx } from '../platform/context.js';
import { AppError, Code, fail } from '../platform/http/envelope.js';
import { toDollars } from '../platform/lib/money.js';
import { markedUp, priceOf, userPricing } from '../pricing/index.js';

/** A reseller's own price of products (its cost), by product id. */
async function costs(ctx: Ctx, db: Kysely<DB>, resellerId: number, goodsIds: number[]) {
  if (!goodsIds.length) return new Map<number, number>();
  const [pricing, goods] = await Promise.all([
    userPricing(db, resellerId),
    db.selectFrom('goods').select(['id', 'price']).where('id', 'in', goodsIds).execute(),
  ]);
  const now = ctx.now();
  // A reseller's own pricing is never resold (one level): its priceOf is its own price.
  return new Map(
    goods.map((g) => [
      Number(g.id),
      priceOf({ ...pricing, reseller: undefined }, { id: Number(g.id), price: Number(g.price) }, now).unitPrice,
    ]),
  );
}

/** The price may not be below the reseller's own for the product. */
async function checkPrice(ctx: Ctx, trx: Kysely<DB>, resellerId: number, goodsId: number, price: number) {
  const cost = (await costs(ctx, trx, resellerId, [goodsId])).get(goodsId);
  if (cost === undefined) throw fail.badInput('商品不存在', { goods_id: '商品不存在' });
  if (price < cost) {
    const m = `分站售价不能低于您的价格 $${toDollars(cost).toFixed(2)}`;
    throw fail.badInput(m, { price: m });
  }
}

/** 分站价格: a reseller's own price for a product, one per product, never below its own price. */
export const resellerPriceHooks: ResourceHooks = {
  async beforeAdd(values, { ctx, trx }) {
    const resellerId = Number(values.user_id);
    const goodsId = Number(values.goods_id);
    const taken = await trx
      .selectFrom('reseller_prices')
      .select('id')
      .where('user_id', '=', resellerId)
      .where('goods_id', '=', goodsId)
      .executeTakeFirst();
    if (taken) throw new AppError(Code.conflict, '该商品已设置分站售价，请在列表中修改', { errors: { goods_id: '该商品已设置分站售价' } });
    await checkPrice(ctx, trx, resellerId, goodsId, Number(values.price));
    return values;
  },

  async beforeEdit(_id, values, existing, { ctx, trx }) {
    if (values.price !== undefined) await checkPrice(ctx, trx, Number(existing.user_id), Number(existing.goods_id), Number(values.price));
    return values;
  },

  // Beside each price: the reseller's own, and what the markup alone would charge.
  async present(rows, raw, { ctx }) {
    const byReseller = new Map<number, number[]>();
    for (const r of raw) byReseller.set(Number(r.user_id), [...(byReseller.get(Number(r.user_id)) ?? []), Number(r.goods_id)]);
    const markups = new Map(
      (
        await ctx.db
          .selectFrom('resellers')
          .select(['user_id', 'markup'])
          .where('user_id', 'in', [...byReseller.keys(), 0])
          .execute()
      ).map((r) => [Number(r.user_id), Number(r.markup)]),
    );
    const found = new Map<number, Map<number, number>>();
    for (const [reseller, goods] of byReseller) found.set(reseller, await costs(ctx, ctx.db, reseller, goods));
    rows.forEach((row, i) => {
      const cost = found.get(Number(raw[i].user_id))?.get(Number(raw[i].goods_id));
      row.cost = cost === undefined ? null : toDollars(cost);
      row.markup_price = cost === undefined ? null : toDollars(markedUp(cost, markups.get(Number(raw[i].user_id)) ?? 0));
    });
  },
};
