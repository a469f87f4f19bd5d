import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * The 5sim API v1 (server/fivesim): `service_names.fivesim`, the product word the sup gives a service
 * code there (empty: the built-in one, names/fivesim-names.ts); `fivesim_bans`, the activations a
 * customer ended with 5sim's `ban`, so they read as BANNED afterwards (the link itself ended as a
 * cancel does).
 */
export function fivesim(dialect: Dialect) {
  const { big } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('service_names').addColumn('fivesim', 'varchar(32)').execute();
      await db.schema
        .createTable('fivesim_bans')
        .addColumn('token_id', big, (c: any) => c.primaryKey())
        .addColumn('user_id', big, (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
    },
  };
}
