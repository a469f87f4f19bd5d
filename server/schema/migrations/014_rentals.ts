import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Rentals (docs/business-rules.md#rentals):
 * - `goods.rentable`, `rent_price_hour` (cents per hour), `rent_min_hours`, `rent_max_hours`: a
 *   product the protocol's getRent* family (and 我的API) also sells as a number held for hours.
 * - `tokens.kind` (`code`, or `rent` for a rental: every SMS kept, no receive limit) and
 *   `tokens.rent_url`, where each SMS of the rental is POSTed.
 * - `rent_pushes`: those POSTs waiting or done, one per SMS (a job sends them, with retries).
 */
export function rentals(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('goods')
        .addColumn('rentable', 'integer', (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('goods')
        .addColumn('rent_price_hour', big, (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('goods')
        .addColumn('rent_min_hours', 'integer', (c: any) => c.notNull().defaultTo(4))
        .execute();
      await db.schema
        .alterTable('goods')
        .addColumn('rent_max_hours', 'integer', (c: any) => c.notNull().defaultTo(720))
        .execute();
      await db.schema
        .alterTable('tokens')
        .addColumn('kind', 'varchar(8)', (c: any) => c.notNull().defaultTo('code'))
        .execute();
      await db.schema.alterTable('tokens').addColumn('rent_url', 'varchar(1024)').execute();
      await id(db.schema.createTable('rent_pushes'))
        .addColumn('token_id', big, (c: any) => c.notNull())
        .addColumn('message_id', big, (c: any) => c.notNull())
        .addColumn('url', 'varchar(1024)', (c: any) => c.notNull())
        // pending, sent, failed
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('next_at', big, (c: any) => c.notNull())
        .addColumn('last_error', 'varchar(255)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('rent_pushes_due').on('rent_pushes').columns(['state', 'next_at']).execute();
      await db.schema.createIndex('tokens_user_kind').on('tokens').columns(['user_id', 'kind']).execute();
    },
  };
}
