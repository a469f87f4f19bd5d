import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * USDT (TRC20) top-up: pay orders, the amounts they hold, transfers that matched no order, and the
 * chain watcher's cursor per receiving address. Recharge records get the transaction hash of an
 * automatic credit, unique: whichever way a transfer is credited (its pay order, or a sup attaching
 * it), the second attempt fails on this index, in any process.
 */
export function usdt(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);

  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('recharges').addColumn('tx_hash', 'varchar(80)').execute();
      await db.schema.createIndex('recharges_tx_hash').on('recharges').column('tx_hash').unique().execute();

      await id(db.schema.createTable('usdt_orders'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('requested', big, (c: any) => c.notNull())
        .addColumn('address', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('tx_hash', 'varchar(80)', (c: any) => c.unique())
        .addColumn('from', 'varchar(64)')
        .addColumn('block_time', big)
        .addColumn('expires_at', big, (c: any) => c.notNull())
        .addColumn('cancelled_at', big)
        .addColumn('paid_at', big)
        .addColumn('recharge_id', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('usdt_orders_user').on('usdt_orders').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('usdt_orders_match').on('usdt_orders').columns(['address', 'amount', 'create_at']).execute();
      await db.schema.createIndex('usdt_orders_state').on('usdt_orders').columns(['state', 'expires_at']).execute();

      // One row per amount ever used: claimed atomically, free again once held_until has passed.
      await db.schema
        .createTable('usdt_amounts')
        .addColumn('amount', big, (c) => c.primaryKey())
        .addColumn('order_id', big, (c) => c.notNull())
        .addColumn('held_until', big, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('usdt_transfers'))
        .addColumn('tx_hash', 'varchar(80)', (c: any) => c.notNull().unique())
        .addColumn('address', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('from', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('value', 'varchar(40)', (c: any) => c.notNull())
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('block_time', big, (c: any) => c.notNull())
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('reason', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('order_id', big)
        .addColumn('user_id', big, (c: any) => c.references('users.id'))
        .addColumn('recharge_id', big)
        .addColumn('operator_id', big)
        .addColumn('attached_at', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('usdt_transfers_state').on('usdt_transfers').columns(['state', 'id']).execute();

      await db.schema
        .createTable('usdt_watch')
        .addColumn('address', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('cursor', big, (c) => c.notNull())
        .addColumn('last_poll_at', big)
        .addColumn('last_ok_at', big)
        .addColumn('last_error', 'varchar(255)')
        .addColumn('last_error_at', big)
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retry_at', big, (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
