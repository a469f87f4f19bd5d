import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB, GoodsTable } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { statement } from '../platform/db/fast-query.js';
import { LIVE, RECEIVING } from '../links/states.js';

/** What a purchase answers: the order, the price, the balance after it, and one link per unit. */
export interface Purchase {
  orderId: number;
  orderNo: string;
  amount: number;
  unitPrice: number;
  quantity: number;
  balance: number;
  /** An upstream link whose number is still being confirmed has an empty identifier (`pending`). */
  tokens: { id: number; token: string; identifier: string; expiresAt: number; pending?: boolean }[];
}

/** A product's row as read (its generated columns as plain values). */
export type GoodsRow = Selectable<GoodsTable>;

/**
 * One identifier (number or mailbox) taken for one unit of a purchase. An upstream unit has none yet:
 * its link is saved pending (`upstream`) and gets its number after the commit (`Settle`).
 */
export interface Acquired { identifier: string; identKey: string; stockItemId: number | null; upstream?: { providerId: number } }

/**
 * How a product's source hands out identifiers, inside the purchase's transaction: all `quantity`
 * of them or a refusal (an AppError), never some. Each source is one entry: `stock` here, `upstream`
 * registered by server/upstream (an upstream provider's getNumber per unit).
 */
export type Source = (trx: Kysely<DB>, goods: GoodsRow, quantity: number, ctx: Ctx) => Promise<Acquired[]>;

/**
 * Work a source does after the purchase committed, outside any transaction (a paid call to a
 * provider must not hold SQLite's write lock): it completes or refunds the pending links and answers
 * the purchase as it then stands.
 */
export type Settle = (ctx: Ctx, goods: GoodsRow, purchase: Purchase) => Promise<Purchase>;

const sources = new Map<string, Source>([['stock', fromStock]]);
const settlers = new Map<string, Settle>();

export function registerSource(name: string, source: Source, settle?: Settle): void {
  sources.set(name, source);
  if (settle) settlers.set(name, settle);
}

export function settleOf(goods: GoodsRow): Settle | undefined {
  return settlers.get(goods.source);
}

/** Refuses, before any money moves, a product whose source cannot serve purchases yet. */
export function sourceOf(goods: GoodsRow): Source {
  const source = sources.get(goods.source);
  if (!source) throw fail.badInput('该商品来自上游渠道，暂未开放购买，请选择其他商品');
  return source;
}

/**
 * Takes the oldest available items; the purchase sells them to its links (`sellStock`) once those
 * are saved. On PostgreSQL the items stay locked to this transaction and concurrent buyers skip them
 * instead of queueing; on SQLite a write transaction runs alone.
 */
async function fromStock(trx: Kysely<DB>, goods: GoodsRow, quantity: number, ctx: Ctx): Promise<Acquired[]> {
  const pick = ctx.database.dialect === 'postgres' ? pickLocked : pickAvailable;
  const { rows } = await pick(trx, { goods: goods.id, now: ctx.now() }, quantity);
  if (rows.length < quantity) throw fail.conflict(`库存不足：当前可售 ${rows.length} 个，需要 ${quantity} 个`);
  return rows.map((t) => ({ identifier: t.identifier, identKey: t.ident_key, stockItemId: Number(t.id) }));
}

/**
 * Whether a number is held by links in `states` that have not run out, of `kind` when given: a number
 * in stock for two products is one phone, and a rental takes every SMS it gets.
 */
function heldBy(eb: ExpressionBuilder<DB, 'stock_items'>, now: unknown, states: readonly string[], kind?: string) {
  let q = eb.selectFrom('tokens as h').select('h.id').whereRef('h.ident_key', '=', 'stock_items.ident_key')
    .where('h.state', 'in', [...states]).where('h.expires_at', '>', now as number);
  if (kind) q = q.where('h.kind', '=', kind);
  return eb.exists(q);
}

const oldestAvailable = (db: Kysely<DB>, value: (name: string) => any, quantity: number) => db.selectFrom('stock_items')
  .select(['id', 'identifier', 'ident_key'])
  .where('goods_id', '=', value('goods')).where('state', '=', 'available')
  // A number another product rents out now gives no codes to a purchase: it waits until the rental ends.
  .where((eb) => eb.not(heldBy(eb, value('now'), LIVE, 'rent')))
  .orderBy('id').limit(sql.lit(quantity));
const pickAvailable = statement(oldestAvailable);
const pickLocked = statement((db, value, quantity) => oldestAvailable(db, value, quantity).forUpdate().skipLocked());

/**
 * The stock items an order's links were given, sold to those links in one statement (state and
 * link). Conditional on their still being available: `count` items or a refusal, so none is ever
 * sold twice.
 */
export async function sellStock(trx: Kysely<DB>, p: { order: number; count: number; now: number }): Promise<void> {
  const sold = await sell(trx, p);
  if (Number(sold.numAffectedRows) !== p.count) throw fail.conflict('库存不足，请重试');
}

const sell = statement((db, value) => db.updateTable('stock_items').from('tokens')
  .set((eb) => ({ state: 'sold', token_id: eb.ref('tokens.id'), update_at: value('now') }))
  .whereRef('tokens.stock_item_id', '=', 'stock_items.id')
  .where('tokens.order_id', '=', value('order'))
  .where('stock_items.state', '=', 'available'));

/**
 * The stock source, passing over numbers whose digits begin with one of `prefixes` (the protocol's
 * phoneException: digits only, checked by the caller): the oldest available items that do not.
 * Locked and skipped on PostgreSQL as `fromStock` does.
 */
export function stockExcept(prefixes: string[]): Source {
  return async (trx, goods, quantity, ctx) => {
    let q = trx.selectFrom('stock_items').select(['id', 'identifier', 'ident_key'])
      .where('goods_id', '=', goods.id).where('state', '=', 'available');
    for (const prefix of prefixes) q = q.where('ident_key', 'not like', `${prefix}%`);
    q = q.where((eb) => eb.not(heldBy(eb, ctx.now(), LIVE, 'rent')));
    q = q.orderBy('id').limit(quantity);
    const rows = await (ctx.database.dialect === 'postgres' ? q.forUpdate().skipLocked() : q).execute();
    if (rows.length < quantity) throw fail.conflict(`库存不足：当前可售 ${rows.length} 个，需要 ${quantity} 个`);
    return rows.map((t) => ({ identifier: t.identifier, identKey: t.ident_key, stockItemId: Number(t.id) }));
  };
}

/**
 * The source of a rental: the oldest available items of the product whose number no link waits on
 * (any product's code link, or another rental): a rental takes every SMS its number gets, so it
 * never shares the number with a link that waits for its own code.
 */
export const stockForRent: Source = async (trx, goods, quantity, ctx) => {
  const q = trx.selectFrom('stock_items').select(['id', 'identifier', 'ident_key'])
    .where('goods_id', '=', goods.id).where('state', '=', 'available')
    .where((eb) => eb.not(heldBy(eb, ctx.now(), RECEIVING)))
    .orderBy('id').limit(quantity);
  const rows = await (ctx.database.dialect === 'postgres' ? q.forUpdate().skipLocked() : q).execute();
  if (rows.length < quantity) throw fail.conflict('没有可租用的号码');
  return rows.map((t) => ({ identifier: t.identifier, identKey: t.ident_key, stockItemId: Number(t.id) }));
};

/** Whether a live rental holds this number now (then no one else may take it: reuse.ts). */
export async function rentedNow(db: Kysely<DB>, identKey: string, now: number): Promise<boolean> {
  const held = await db.selectFrom('tokens').select('id').where('ident_key', '=', identKey).where('kind', '=', 'rent')
    .where('state', 'in', [...LIVE]).where('expires_at', '>', now).limit(1).executeTakeFirst();
  return held !== undefined;
}
