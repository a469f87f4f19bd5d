import type { Ctx } from '../platform/context.js';
import { itemsOf, offeredGoods, oldestFirst, sellable, workingPhoneCondition } from './offer.js';
import { phoneNumber } from './names.js';
import type { Aggregator } from './aggregators.js';
import { recordMove } from '../goods-counts/index.js';

/** The currencies an aggregator may price in: ISO 4217 numbers. */
export const CURRENCIES = { 643: 'RUB', 840: 'USD' } as const;

export interface NumberAsk {
  country: string;
  operator: string;
  service: string;
  /** What we earn, in hundredths of `currency`. */
  sum: number;
  currency: keyof typeof CURRENCIES;
  /** Digit prefixes never handed out. */
  prefixes: string[];
}

export type HandOut = { number: number; activationId: number } | null;

/** The sum in cents of a dollar: roubles at the aggregator's rate (hundredths of a rouble per dollar). */
export function dollarCents(sum: number, currency: NumberAsk['currency'], rubRate: number): number {
  return currency === 840 ? sum : Math.floor((sum * 100) / rubRate);
}

/** How often a pick that another buyer took first (PostgreSQL) is tried again. */
const TRIES = 3;

/**
 * GET_NUMBER: the oldest number that may be sold now of a product offered under the asked names (an
 * `any` operator asks for every operator of the country) whose least sum the offer reaches, taken from
 * stock like a sale in one transaction (the item, the move of the product's count, the activation). Null: none.
 * On PostgreSQL the item stays locked until the commit and concurrent buyers (the store, other
 * aggregators) skip it (as they skip another product's first item this hand-out looked at and left);
 * the conditional update takes it once whatever happens.
 */
export async function handOut(ctx: Ctx, aggregator: Aggregator, ask: NumberAsk): Promise<HandOut> {
  const amount = dollarCents(ask.sum, ask.currency, aggregator.rubRate);
  const goods = (await offeredGoods(ctx)).filter(
    (g) =>
      g.country === ask.country &&
      g.service === ask.service &&
      (ask.operator === 'any' || g.operator === ask.operator) &&
      amount >= g.minSum,
  );
  if (!goods.length) return null;
  const byId = new Map(goods.map((g) => [g.id, g]));
  for (let i = 0; i < TRIES; i++) {
    const now = ctx.now();
    const onWorkingPhone = await workingPhoneCondition(ctx, now);
    const taken = await ctx.db.transaction().execute(async (trx) => {
      // Each product's oldest by its own index read (asked of several products at once, the database
      // reads and sorts all their available items), then the oldest of those.
      let item: { id: number; identifier: string; ident_key: string; goods_id: number } | undefined;
      for (const id of byId.keys()) {
        let q = oldestFirst(sellable(itemsOf(trx, [id]), { now, onWorkingPhone, prefixes: ask.prefixes }))
          .select(['s.id', 's.identifier', 's.ident_key', 's.goods_id'])
          .limit(1);
        if (ctx.database.dialect === 'postgres') q = q.forUpdate('s').skipLocked();
        const first = await q.executeTakeFirst();
        if (first && (!item || Number(first.id) < Number(item.id))) item = first;
      }
      if (!item) return { none: true } as const;
      const took = await trx
        .updateTable('stock_items')
        .set((eb) => ({ state: 'sold', agent_handouts: eb('agent_handouts', '+', 1), update_at: now }))
        .where('id', '=', Number(item.id))
        .where('state', '=', 'available')
        .executeTakeFirst();
      if (!Number(took.numUpdatedRows)) return null;
      const g = byId.get(Number(item.goods_id))!;
      await recordMove(trx, { goods: g.id, sold: 0, stock: -1 });
      const row = await trx
        .insertInto('agent_activations')
        .values({
          aggregator_id: aggregator.id,
          goods_id: g.id,
          stock_item_id: Number(item.id),
          identifier: item.identifier,
          ident_key: item.ident_key,
          service: g.service,
          country: g.country,
          operator: g.operator,
          sum: ask.sum,
          currency: String(ask.currency) as '643' | '840',
          amount,
          status: 'waiting',
          sms_count: 0,
          create_at: now,
          finish_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { number: phoneNumber(item.ident_key), activationId: Number(row.id) };
    });
    if (taken && 'none' in taken) return null;
    if (taken) return taken;
  }
  return null;
}
