import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * USDT on the EVM chains beside TRC20 (server/finance/usdt/evm-*.ts): pay orders and unmatched
 * transfers say their chain (`trc20` for every row before); an amount is held per chain and receiving
 * address, so `usdt_amounts` is rebuilt with those two in its key (the live holds copied, all TRC20);
 * `usdt_chain_watch` is each EVM chain's block cursor and how its last scan went.
 */
export function usdtChains(dialect: Dialect) {
  const { big } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('usdt_orders')
        .addColumn('chain', 'varchar(16)', (c: any) => c.notNull().defaultTo('trc20'))
        .execute();
      await db.schema
        .alterTable('usdt_transfers')
        .addColumn('chain', 'varchar(16)', (c: any) => c.notNull().defaultTo('trc20'))
        .execute();

      await db.schema.alterTable('usdt_amounts').renameTo('usdt_amounts_024').execute();
      await db.schema
        .createTable('usdt_amounts')
        .addColumn('chain', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('address', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('order_id', big, (c: any) => c.notNull())
        .addColumn('held_until', big, (c: any) => c.notNull())
        .addPrimaryKeyConstraint('usdt_amounts_pool', ['chain', 'address', 'amount'])
        .execute();
      await sql`
        INSERT INTO usdt_amounts (chain, address, amount, order_id, held_until)
        SELECT 'trc20', o.address, a.amount, a.order_id, a.held_until
        FROM usdt_amounts_024 a JOIN usdt_orders o ON o.id = a.order_id`.execute(db);
      await db.schema.dropTable('usdt_amounts_024').execute();

      await db.schema
        .createTable('usdt_chain_watch')
        .addColumn('chain', 'varchar(16)', (c: any) => c.primaryKey())
        .addColumn('cursor', big, (c: any) => c.notNull())
        .addColumn('head', big)
        .addColumn('span', 'integer', (c: any) => c.notNull())
        .addColumn('last_poll_at', big)
        .addColumn('last_ok_at', big)
        .addColumn('last_error', 'varchar(255)')
        .addColumn('last_error_at', big)
        .addColumn('failures', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('retry_at', big, (c: any) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
