import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB, GoodsTable, TokensTable } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { statement } from '../platform/db/fast-query.js';
import { LIVE, RECEIVING } from '../links/index.js';

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
export interface Acquired {
  identifier: string;
  identKey: string;
  stockItemId: number | null;
  upstream?: { providerId: number };
}

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
 * instead of queueing; on SQLite a write transaction runs alone. (On PostgreSQL a purchase claims
 * them in the statement that saves its order and links instead: claim.ts.)
 */
async function fromStock(trx: Kysely<DB>, goods: GoodsRow, quantity: number, ctx: Ctx): Promise<Acquired[]> {
  const pick = ctx.database.dialect === 'postgres' ? pickLocked : pickAvailable;
  const { rows } = await pick(trx, { goods: goods.id, now: ctx.now() }, quantity);
  if (rows.length < quantity) throw fail.conflict(tooFew(rows.length, quantity));
  return rows.map((t) => ({ identifier: t.identifier, identKey: t.ident_key, stockItemId: Number(t.id) }));
}

/**
 * Whether a number is held by links in `states` that have not run out, of `kind` when given: a number
 * in stock for two products is one phone, and a rental takes every SMS it gets.
 */
function heldBy(
  eb: ExpressionBuilder<DB, 'stock_items'>,
  now: unknown,
  states: readonly TokensTable['state'][],
  kind?: Selectable<TokensTable>['kind'],
) {
  let q = eb
    .selectFrom('tokens as h')
    .select('h.id')
    .whereRef('h.ident_key', '=', 'stock_items.ident_key')
    .where('h.state', 'in', [...states])
    .where('h.expires_at', '>', now as number);
  if (kind) q = q.where('h.kind', '=', kind);
  return eb.exists(q);
}

/**
 * Whether an aggregator holds this number now (server/agents: a waiting activation, through any
 * product that has it in stock): it gets every SMS of the number, so no link may take it meanwhile.
 */
function heldByAggregator(eb: ExpressionBuilder<DB, 'stock_items'>) {
  return eb.exists(
    eb
      .selectFrom('agent_activations as a')
      .select('a.id')
      .whereRef('a.ident_key', '=', 'stock_items.ident_key')
      .where('a.status', '=', 'waiting'),
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- statement()'s value() marker, which stands in for a value of any column's type
type Value = (name: string) => any;

/**
 * The items a stock source takes, as a query of `quantity` rows run with the values `goods` and `now`
 * (and the source's own): the oldest available items of the product its rule lets through.
 */
export type StockPick = (db: Kysely<DB>, value: Value, quantity: number) => SelectQueryBuilder<DB, 'stock_items', Item>;
type Item = { id: number; identifier: string; ident_key: string };

/**
 * The oldest available items of the product that no aggregator holds. `state` is bounded as a range
 * and the items ordered by (state, id): only the (goods_id, state, id) index gives that order, so the
 * read starts at the product's first available item. Asked as `state = 'available' order by id`,
 * PostgreSQL walked the primary key from the product's first item, over every one already sold (it
 * takes the available ones as spread evenly: 556 pages read at 50,000 sold).
 */
const available = (db: Kysely<DB>, value: Value, quantity: number) =>
  db
    .selectFrom('stock_items')
    .select(['id', 'identifier', 'ident_key'])
    .where('goods_id', '=', value('goods'))
    .where('state', '>=', 'available')
    .where('state', '<=', 'available')
    .where((eb) => eb.not(heldByAggregator(eb)))
    .orderBy('state')
    .orderBy('id')
    .limit(sql.lit(quantity));

/** A purchase's: a number another product rents out now gives no codes to a purchase, so it waits until the rental ends. */
const forSale: StockPick = (db, value, quantity) =>
  available(db, value, quantity).where((eb) => eb.not(heldBy(eb, value('now'), LIVE, 'rent')));
/** A rental's: no number a link waits on (any product's code link, or another rental). */
const forRent: StockPick = (db, value, quantity) =>
  available(db, value, quantity).where((eb) => eb.not(heldBy(eb, value('now'), RECEIVING)));
/** PostgreSQL: a purchase's, passing over the numbers that begin with one of `except` (LIKE patterns). */
const forSaleExcept: StockPick = (db, value, quantity) =>
  forSale(db, value, quantity).where((eb) => eb.not(sql<SqlBool>`${eb.ref('ident_key')} like any(${value('except')}::text[])`));

const pickAvailable = statement(forSale);
const pickLocked = statement((db, value, quantity) => forSale(db, value, quantity).forUpdate().skipLocked());

/** A stock source as the purchase's own statement claims its items (claim.ts): its pick, the pick's values, its refusal when too few are found. */
export interface StockClaim {
  pick: StockPick;
  values: Record<string, unknown>;
  refusal: (found: number, wanted: number) => string;
}

const tooFew = (found: number, wanted: number) => `库存不足：当前可售 ${found} 个，需要 ${wanted} 个`;
const claimable = new WeakMap<Source, StockClaim>([[fromStock, { pick: forSale, values: {}, refusal: tooFew }]]);

/** How a source takes its items, when it takes the oldest available ones of the product (claim.ts). */
export const stockPickOf = (source: Source) => claimable.get(source);

/**
 * The stock items an order's links were given, sold to those links in one statement (state and
 * link). Conditional on their still being available: `count` items or a refusal, so none is ever
 * sold twice.
 */
export async function sellStock(trx: Kysely<DB>, p: { order: number; count: number; now: number }): Promise<void> {
  const sold = await sell(trx, p);
  if (Number(sold.numAffectedRows) !== p.count) throw fail.conflict('库存不足，请重试');
}

const sell = statement((db, value) =>
  db
    .updateTable('stock_items')
    .from('tokens')
    .set((eb) => ({ state: 'sold', token_id: eb.ref('tokens.id'), update_at: value('now') }))
    .whereRef('tokens.stock_item_id', '=', 'stock_items.id')
    .where('tokens.order_id', '=', value('order'))
    .where('stock_items.state', '=', 'available'),
);

/**
 * The stock source, passing over numbers whose digits begin with one of `prefixes` (the protocol's
 * phoneException: digits only, checked by the caller): the oldest available items that do not.
 * Locked and skipped on PostgreSQL as `fromStock` does.
 */
export function stockExcept(prefixes: string[]): Source {
  const source: Source = async (trx, goods, quantity, ctx) => {
    let q = trx
      .selectFrom('stock_items')
      .select(['id', 'identifier', 'ident_key'])
      .where('goods_id', '=', goods.id)
      .where('state', '=', 'available');
    for (const prefix of prefixes) q = q.where('ident_key', 'not like', `${prefix}%`);
    q = q.where((eb) => eb.not(heldBy(eb, ctx.now(), LIVE, 'rent'))).where((eb) => eb.not(heldByAggregator(eb)));
    q = q.orderBy('id').limit(quantity);
    const rows = await (ctx.database.dialect === 'postgres' ? q.forUpdate().skipLocked() : q).execute();
    if (rows.length < quantity) throw fail.conflict(`库存不足：当前可售 ${rows.length} 个，需要 ${quantity} 个`);
    return rows.map((t) => ({ identifier: t.identifier, identKey: t.ident_key, stockItemId: Number(t.id) }));
  };
  claimable.set(source, { pick: forSaleExcept, values: { except: prefixes.map((p) => `${p}%`) }, refusal: tooFew });
  return source;
}

/**
 * The source of a rental: the oldest available items of the product whose number no link waits on
 * (any product's code link, or another rental): a rental takes every SMS its number gets, so it
 * never shares the number with a link that waits for its own code.
 */
export const stockForRent: Source = async (trx, goods, quantity, ctx) => {
  const q = trx
    .selectFrom('stock_items')
    .select(['id', 'identifier', 'ident_key'])
    .where('goods_id', '=', goods.id)
    .where('state', '=', 'available')
    .where((eb) => eb.not(heldBy(eb, ctx.now(), RECEIVING)))
    .where((eb) => eb.not(heldByAggregator(eb)))
    .orderBy('id')
    .limit(quantity);
  const rows = await (ctx.database.dialect === 'postgres' ? q.forUpdate().skipLocked() : q).execute();
  if (rows.length < quantity) throw fail.conflict('没有可租用的号码');
  return rows.map((t) => ({ identifier: t.identifier, identKey: t.ident_key, stockItemId: Number(t.id) }));
};
claimable.set(stockForRent, { pick: forRent, values: {}, refusal: () => '没有可租用的号码' });

/** Whether a live rental holds this number now (then no one else may take it: reuse.ts). */
export async function rentedNow(db: Kysely<DB>, identKey: string, now: number): Promise<boolean> {
  const held = await db
    .selectFrom('tokens')
    .select('id')
    .where('ident_key', '=', identKey)
    .where('kind', '=', 'rent')
    .where('state', 'in', [...LIVE])
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return held !== undefined;
}

/** Whether an aggregator holds this number now, through any product (then no link may take it: reuse.ts). */
export async function aggregatorHolds(db: Kysely<DB>, identKey: string): Promise<boolean> {
  const held = await db
    .selectFrom('agent_activations')
    .select('id')
    .where('ident_key', '=', identKey)
    .where('status', '=', 'waiting')
    .limit(1)
    .executeTakeFirst();
  return held !== undefined;
}
