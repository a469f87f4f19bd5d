import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * API keys for the SMS-Activate protocol (`/stubs/handler_api.php`): one per customer, stored as the
 * SHA-256 of the key (the key itself is shown once); rotating replaces the hash in place, a sup's
 * revocation sets revoked_at. Client order ids of getNumberV2 (idempotent purchases) are remembered
 * per user. The customer's live links get an index for getActiveActivations.
 */
export function apiKeys(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);

  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('api_keys'))
        .addColumn('user_id', big, (c: any) => c.notNull().unique().references('users.id'))
        .addColumn('key_hash', 'varchar(64)', (c: any) => c.notNull().unique())
        // The key's last 4 characters, so its owner (and the sup) can tell which key it is.
        .addColumn('hint', 'varchar(8)', (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('last_used_at', big)
        .addColumn('revoked_at', big)
        .addColumn('revoked_by', big)
        .execute();

      await db.schema
        .createTable('api_orders')
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('order_key', 'varchar(64)', (c: any) => c.notNull())
        // Null while the purchase runs (or when it failed and the claim could not be removed).
        .addColumn('token_id', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addPrimaryKeyConstraint('api_orders_pk', ['user_id', 'order_key'])
        .execute();

      await db.schema.createIndex('tokens_user_id_state').on('tokens').columns(['user_id', 'state']).execute();
    },
  };
}
