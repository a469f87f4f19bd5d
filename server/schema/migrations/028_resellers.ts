import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Resellers (分站): a customer who sells the catalogue on a host of their own at a markup.
 * `resellers`: one row per reseller (`user_id` and `host` unique; `markup` in hundredths of a percent,
 * 2000 = 20 %). `users.reseller_id`: the reseller a customer belongs to (the user id of the reseller;
 * null = the main site). `reseller_prices`: a reseller's own price for one product (one row per
 * product). `profits`: what a reseller earned on one order of one of its customers (one row per
 * order), pending until `settle_at`, then credited; `reversed` is the part a refund took back.
 */
export function resellers(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('resellers'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('site_name', 'varchar(50)', (c: any) => c.notNull())
        .addColumn('host', 'varchar(253)', (c: any) => c.notNull())
        .addColumn('markup', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('contact', 'text')
        .addColumn('notice', 'text')
        .addColumn('settle_days', 'integer', (c: any) => c.notNull().defaultTo(3))
        .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(1))
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('resellers_user_id_unique').on('resellers').column('user_id').unique().execute();
      await db.schema.createIndex('resellers_host_unique').on('resellers').column('host').unique().execute();

      await db.schema.alterTable('users').addColumn('reseller_id', big).execute();
      await db.schema.createIndex('users_reseller').on('users').columns(['reseller_id', 'id']).execute();

      await id(db.schema.createTable('reseller_prices'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('goods_id', big, (c: any) => c.notNull().references('goods.id'))
        .addColumn('price', big, (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('reseller_prices_user_goods').on('reseller_prices').columns(['user_id', 'goods_id']).unique().execute();

      await id(db.schema.createTable('profits'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('order_id', big, (c: any) => c.notNull().references('orders.id'))
        .addColumn('buyer_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('reversed', big, (c: any) => c.notNull().defaultTo(0))
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('settle_at', big, (c: any) => c.notNull())
        .addColumn('settled_at', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('profits_order_unique').on('profits').column('order_id').unique().execute();
      await db.schema.createIndex('profits_due').on('profits').columns(['state', 'settle_at']).execute();
      await db.schema.createIndex('profits_user').on('profits').columns(['user_id', 'id']).execute();
    },
  };
}
