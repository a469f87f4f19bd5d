import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../schema/tables.js';
import { statement } from '../platform/db/fast-query.js';

/** What one sale (or hand-out, or its undoing) changes of a product's counts. */
export interface Move {
  goods: number;
  /** Units sold (+) or given back (-). */
  sold: number;
  /** Items taken from stock (-) or put back (+). */
  stock: number;
}

/**
 * Writes a move in the caller's transaction, never the product's row: every concurrent sale of a
 * product updating its row queued on that row until the sale before it committed. The job
 * (fold.ts) adds the moves to `goods`; until then they are read with it (liveStock, liveSold).
 */
export async function recordMove(trx: Kysely<DB>, m: Move): Promise<void> {
  await insertMove(trx, { ...m });
}

/**
 * A sale's move, written only while the product is on sale (in the statement's snapshot): false,
 * and nothing written, when it was taken off sale.
 */
export async function recordSale(trx: Kysely<DB>, m: Move): Promise<boolean> {
  return Number((await insertSale(trx, { ...m })).numAffectedRows) > 0;
}

const insertMove = statement((db, value) =>
  db.insertInto('goods_moves').values({ goods_id: value('goods'), sold: value('sold'), stock: value('stock') }),
);
/**
 * The statement recordSale runs, for a purchase that writes its move within a statement of its own
 * (server/sales/claim.ts): values `goods`, `sold`, `stock`; no row written when the product is off sale
 * (or `when` is false).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- statement()'s value() marker, which stands in for a value of any column's type
export const saleMove = (db: Kysely<DB>, value: (name: string) => any, when?: Expression<SqlBool>) =>
  db
    .insertInto('goods_moves')
    .columns(['goods_id', 'sold', 'stock'])
    .expression((eb) => {
      const q = eb
        .selectFrom('goods')
        .select((s) => [s.val(value('goods')).as('goods_id'), s.val(value('sold')).as('sold'), s.val(value('stock')).as('stock')])
        .where('id', '=', value('goods'))
        .where('on_sale', '=', 1);
      return when ? q.where(when) : q;
    });
const insertSale = statement((db, value) => saleMove(db, value));

/** A count of the product named `table` (its name or alias in the query) as it stands: its column and its moves not added yet. */
const live = (column: 'stock' | 'sold', table: string): RawBuilder<number> =>
  sql<number>`(${sql.ref(`${table}.${column}`)} + coalesce((select sum(m.${sql.raw(column)}) from goods_moves m where m.goods_id = ${sql.ref(`${table}.id`)}), 0))`;

/** The product's items in stock now (`goods.stock` with the moves not added yet). */
export const liveStock = (table = 'goods') => live('stock', table);
/** The product's units sold (`goods.sold` with the moves not added yet). */
export const liveSold = (table = 'goods') => live('sold', table);

/** The moves not yet added to these products, summed per product (absent: none). */
export async function pendingMoves(db: Kysely<DB>, ids: number[]): Promise<Map<number, { sold: number; stock: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('goods_moves')
    .select((eb) => ['goods_id', eb.fn.sum<number>('sold').as('sold'), eb.fn.sum<number>('stock').as('stock')])
    .where('goods_id', 'in', ids)
    .groupBy('goods_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.goods_id), { sold: Number(r.sold), stock: Number(r.stock) }]));
}
