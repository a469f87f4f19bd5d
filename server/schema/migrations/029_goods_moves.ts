import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * A purchase no longer updates its product's row (every concurrent purchase of the product queued on
 * that row until the one before it committed). `goods_moves`: what one sale changed of a product's
 * `sold` and `stock` counts, written in the sale's transaction and added to `goods` by a job
 * (server/goods-counts); until then the product's counts are read with it.
 */
export function goodsMoves(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('goods_moves'))
        .addColumn('goods_id', big, (c: any) => c.notNull())
        .addColumn('sold', 'integer', (c: any) => c.notNull())
        .addColumn('stock', 'integer', (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('goods_moves_goods').on('goods_moves').column('goods_id').execute();
    },
  };
}
