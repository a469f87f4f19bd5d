import type { ExpressionBuilder, Kysely, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { sellableCondition } from '../intake/index.js';
import { LIVE } from '../links/index.js';
import { offerNameOf, type OfferName } from './names.js';

/** How many times one stock item may be handed to aggregators (a cancelled hand-out puts it back until then). */
export const MAX_HANDOUTS = 4;

/** A product offered to aggregators: its id, the protocol's words for it, the least it is handed out for (cents). */
export interface OfferedGoods extends OfferName {
  id: number;
  minSum: number;
}

/** The products marked 代售给聚合平台: stock products of SMS numbers. */
export async function offeredGoods(ctx: Ctx): Promise<OfferedGoods[]> {
  const rows = await ctx.db
    .selectFrom('goods')
    .select(['id', 'service', 'country', 'agent_service', 'agent_country', 'agent_operator', 'agent_min_sum'])
    .where('agent_sell', '=', 1)
    .where('source', '=', 'stock')
    .where('channel', '=', 'sms')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((g) => ({ id: Number(g.id), minSum: Number(g.agent_min_sum), ...offerNameOf(g) }));
}

/** The tables as the offer's queries name them: `s` the stock items, `g` their products. */
type Aliased = DB & { s: DB['stock_items']; g: DB['goods'] };
type Items = SelectQueryBuilder<Aliased, 's' | 'g', object>;

/**
 * The stock items of `s` (joined with their product `g`) an aggregator may be given now: available,
 * handed out fewer than four times, on a working phone with a SIM that has not lapsed (`onWorkingPhone`:
 * intake's `sellableCondition` over `s`), held by no live link of any product (an aggregator gets
 * every SMS of its number), by no other aggregator, and not refused for the product's service by an
 * aggregator (status 1). With `prefixes`: none whose digits begin with one.
 */
export function sellable(q: Items, p: { now: number; onWorkingPhone: RawBuilder<SqlBool>; prefixes?: string[] }): Items {
  // `state` bounded as a range, not `= 'available'`: see `oldestFirst`.
  let out = q
    .where('s.state', '>=', 'available')
    .where('s.state', '<=', 'available')
    .where('s.agent_handouts', '<', MAX_HANDOUTS)
    .where(p.onWorkingPhone);
  for (const prefix of p.prefixes ?? []) out = out.where('s.ident_key', 'not like', `${prefix}%`);
  return out.where((eb) => eb.not(heldByLink(eb, p.now))).where((eb) => eb.not(heldOrRefused(eb)));
}

/**
 * Sellable items oldest first, as the store's claim orders them (server/sales/acquire.ts): by
 * (state, id) with `state` a range, an order only the (goods_id, state, id) index gives, so the read
 * starts at the product's first available item. Ordered by `id` alone (or with `state = 'available'`,
 * which the planner folds away), PostgreSQL chose to walk the primary key from the product's first
 * item over every one already sold or handed out.
 */
export const oldestFirst = (q: Items): Items => q.orderBy('s.state').orderBy('s.id');

/** Intake's rule of a number that can be handed out now (its phone enabled and heard from, its SIM not lapsed), over `s`. */
export const workingPhoneCondition = (ctx: Ctx, now: number) => sellableCondition(ctx, 's', now);

function heldByLink(eb: ExpressionBuilder<Aliased, 's' | 'g'>, now: number) {
  return eb.exists(
    eb
      .selectFrom('tokens as t')
      .select('t.id')
      .whereRef('t.ident_key', '=', 's.ident_key')
      .where('t.state', 'in', [...LIVE])
      .where('t.expires_at', '>', now),
  );
}

function heldOrRefused(eb: ExpressionBuilder<Aliased, 's' | 'g'>) {
  return eb.exists(
    eb
      .selectFrom('agent_activations as w')
      .select('w.id')
      .whereRef('w.ident_key', '=', 's.ident_key')
      .where((e) =>
        e.or([
          e('w.status', '=', 'waiting'),
          e.and([e('w.status', '=', 'blocked'), e('w.service', '=', e.fn.coalesce('g.agent_service', 'g.service'))]),
        ]),
      ),
  );
}

/** The stock items of these products, joined with them, as `sellable` reads them. */
export function itemsOf(db: Kysely<DB>, goodsIds: number[]): Items {
  return db
    .selectFrom('stock_items as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .where('s.goods_id', 'in', goodsIds) as unknown as Items;
}

/**
 * How many numbers can be handed out now under each of the protocol's names: a number in stock for
 * two products offered under the same name is counted once.
 */
export async function countOffers(ctx: Ctx, goods: OfferedGoods[]): Promise<{ name: OfferName; count: number }[]> {
  const byName = new Map<string, { name: OfferName; ids: number[] }>();
  for (const g of goods) {
    const key = `${g.country}\n${g.operator}\n${g.service}`;
    const entry = byName.get(key) ?? { name: { country: g.country, operator: g.operator, service: g.service }, ids: [] };
    entry.ids.push(g.id);
    byName.set(key, entry);
  }
  if (!byName.size) return [];
  const now = ctx.now();
  const onWorkingPhone = await workingPhoneCondition(ctx, now);
  const out: { name: OfferName; count: number }[] = [];
  for (const { name, ids } of byName.values()) {
    const row = await sellable(itemsOf(ctx.db, ids), { now, onWorkingPhone })
      .select((eb) => (ids.length > 1 ? eb.fn.count<number>('s.ident_key').distinct() : eb.fn.countAll<number>()).as('n'))
      .executeTakeFirst();
    out.push({ name, count: Number(row?.n ?? 0) });
  }
  return out;
}
