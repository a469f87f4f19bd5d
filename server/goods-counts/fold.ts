import { sql } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';

/**
 * Adds the moves written since the last round to their products' counts and deletes them, all at
 * once: a move is either still waiting (and read with its product) or in the product's row, never
 * both and never neither. On PostgreSQL one statement does it (the moves it deletes are exactly those
 * it adds; one written meanwhile waits for the next round); on SQLite one write transaction, which
 * runs alone.
 */
export async function foldMoves(ctx: Ctx): Promise<void> {
  if (ctx.database.dialect === 'postgres') {
    await sql`WITH moved AS (DELETE FROM goods_moves RETURNING goods_id, sold, stock),
      sums AS (SELECT goods_id, sum(sold) AS sold, sum(stock) AS stock FROM moved GROUP BY goods_id)
      UPDATE goods SET sold = goods.sold + sums.sold, stock = goods.stock + sums.stock FROM sums WHERE goods.id = sums.goods_id`.execute(
      ctx.db,
    );
    return;
  }
  await ctx.db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('goods_moves')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    if (last?.id === null || last?.id === undefined) return;
    const upTo = Number(last.id);
    const sum = (column: 'sold' | 'stock') =>
      sql<number>`coalesce((select sum(m.${sql.raw(column)}) from goods_moves m where m.goods_id = goods.id and m.id <= ${upTo}), 0)`;
    await trx
      .updateTable('goods')
      .set((eb) => ({ sold: eb('sold', '+', sum('sold')), stock: eb('stock', '+', sum('stock')) }))
      .where('id', 'in', (eb) => eb.selectFrom('goods_moves').select('goods_id').where('id', '<=', upTo))
      .execute();
    await trx.deleteFrom('goods_moves').where('id', '<=', upTo).execute();
  });
}

/** Every second: the moves never wait long (the table stays small, and so does reading it beside goods). */
export const foldMovesJob: Job = { name: 'goods-counts', everyMs: 1000, run: foldMoves };
