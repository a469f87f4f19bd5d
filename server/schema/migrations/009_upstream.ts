import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Upstream providers (SMS-Activate handler_api.php): where an upstream product buys its numbers.
 * Goods get their provider and the provider's service, country and price limit; links bought from a
 * provider keep its activation id and how far the provider knows about them (upstream_state).
 */
export function upstream(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);

  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('providers'))
        .addColumn('name', 'varchar(50)', (c: any) => c.notNull().unique())
        .addColumn('base_url', 'varchar(255)', (c: any) => c.notNull())
        // Never sent out (writeOnly in resources.config.ts), never logged.
        .addColumn('api_key', 'varchar(255)', (c: any) => c.notNull())
        .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(1))
        // The provider's balance in its own currency, in hundredths, as of checked_at.
        .addColumn('balance', big)
        .addColumn('checked_at', big)
        .addColumn('last_error', 'varchar(255)')
        .addColumn('last_error_at', big)
        .addColumn('remark', 'varchar(255)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();

      await db.schema.alterTable('goods').addColumn('provider_id', big).execute();
      await db.schema.alterTable('goods').addColumn('upstream_service', 'varchar(32)').execute();
      await db.schema.alterTable('goods').addColumn('upstream_country', 'integer').execute();
      // The most one number may cost at the provider, in hundredths of its currency; null: no limit.
      await db.schema.alterTable('goods').addColumn('upstream_max_price', big).execute();

      // The provider the link was bought from (the product's provider may change later).
      await db.schema.alterTable('tokens').addColumn('upstream_provider_id', big).execute();
      await db.schema.alterTable('tokens').addColumn('upstream_id', 'varchar(32)').execute();
      // buying (call in flight) | pending (outcome unknown: reconcile) | waiting | code | done | failed
      await db.schema.alterTable('tokens').addColumn('upstream_state', 'varchar(16)').execute();
      // The link's resets already passed on to the provider (setStatus 3).
      await db.schema.alterTable('tokens').addColumn('upstream_resets', 'integer').execute();
      await db.schema.alterTable('tokens').addColumn('upstream_at', big).execute();
      await db.schema.createIndex('tokens_upstream_state').on('tokens').columns(['upstream_state', 'upstream_provider_id']).execute();
      await db.schema.createIndex('tokens_upstream_id').on('tokens').columns(['upstream_provider_id', 'upstream_id']).unique().execute();
    },
  };
}
