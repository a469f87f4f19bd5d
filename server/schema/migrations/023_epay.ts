import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * 易支付 (Alipay and WeChat through an epay-compatible gateway): the customers' pay orders, and the
 * notifications that credited nothing (a wrong signature, another amount, an unknown or cancelled
 * order), kept for finance to read. An order's number is unique; so is the gateway's trade number
 * once paid. The credit's recharge record carries `epay:<order number>` in `recharges.tx_hash`,
 * whose unique index stops a second credit of the same order in any process.
 */
export function epay(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('epay_orders'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('order_no', 'varchar(32)', (c: any) => c.notNull().unique())
        .addColumn('type', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('money', big, (c: any) => c.notNull())
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('trade_no', 'varchar(64)', (c: any) => c.unique())
        .addColumn('recharge_id', big)
        .addColumn('paid_at', big)
        .addColumn('expires_at', big, (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('epay_orders_user').on('epay_orders').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('epay_orders_state').on('epay_orders').columns(['state', 'create_at']).execute();

      await id(db.schema.createTable('epay_refusals'))
        .addColumn('out_trade_no', 'varchar(64)')
        .addColumn('trade_no', 'varchar(64)')
        .addColumn('money', 'varchar(32)')
        .addColumn('reason', 'varchar(255)', (c: any) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('epay_refusals_create_at').on('epay_refusals').column('create_at').execute();
    },
  };
}
